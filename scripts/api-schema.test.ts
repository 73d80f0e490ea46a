import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the generated types of the contract', () => {
  it('matches openapi/auth.yaml (run npm run api:gen after changing the contract)', () => {
    const fresh = join(mkdtempSync(join(tmpdir(), 'frontdoor-contract-')), 'auth.ts');
    execFileSync(join(root, 'node_modules/.bin/openapi-typescript'), ['openapi/auth.yaml', '-o', fresh], { cwd: root, stdio: 'pipe' });
    expect(readFileSync(join(root, 'openapi/auth.ts'), 'utf8')).toBe(readFileSync(fresh, 'utf8'));
  }, 60_000);
});
