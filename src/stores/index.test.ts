import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the stores module', () => {
  it('gathers every store of src/stores, its first-view stores included', () => {
    const here = join(process.cwd(), 'src', 'stores');
    const files = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    // A store is a `$name` the module exports (src/stores/session-storage.ts makes them, and holds none).
    const stores = files.filter((file) => /^export const (?:\{[^}]*)?\$/m.test(readFileSync(join(here, file), 'utf8')));
    expect(stores).toEqual(expect.arrayContaining(['session.ts', 'first-view/toast.ts', 'first-view/refusals.ts']));
    const index = readFileSync(join(here, 'index.ts'), 'utf8');
    for (const store of stores) expect(index, store).toContain(`from './${store.replace(/\.ts$/, '')}'`);
  });
});
