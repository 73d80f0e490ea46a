import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the stores module', () => {
  it('gathers every store of src/stores', () => {
    const here = join(process.cwd(), 'src', 'stores');
    const stores = readdirSync(here).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts' && file !== 'session-storage.ts',
    );
    const index = readFileSync(join(here, 'index.ts'), 'utf8');
    for (const store of stores) expect(index, store).toContain(`from './${store.replace(/\.ts$/, '')}'`);
  });
});
