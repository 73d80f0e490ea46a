/**
 * Every repository path a comment names, or a page of docs/ or README.md, exists: a comment that
 * points a reader to a file that has moved or gone sends them nowhere. Paths in code strings are
 * the code's business (and its tests'), not the reader's.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { namedPaths, commentsOf } from './named-paths';

const root = fileURLToPath(new URL('..', import.meta.url));
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

/** A path exists, or names a decision record by its number alone (docs/decisions/0007). */
function exists(path: string): boolean {
  if (existsSync(join(root, path))) return true;
  const decision = /^docs\/decisions\/(\d{4})$/.exec(path);
  return Boolean(decision && readdirSync(join(root, dirname(path))).some((name) => name.startsWith(`${decision[1]}-`)));
}

function missingIn(files: string[], textOf: (file: string) => string): string[] {
  return files.flatMap((file) =>
    namedPaths(textOf(file))
      .filter((path) => !exists(path))
      .map((path) => `${file}: ${path}`),
  );
}

describe('paths named for readers', () => {
  it('exist, in every comment of the code', () => {
    const code = tracked.filter((file) => /\.(ts|tsx|js|mjs|css)$/.test(file) && !file.startsWith('src/ui/dist/'));
    expect(missingIn(code, (file) => commentsOf(readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });

  it('exist, in docs/ and README.md', () => {
    const pages = tracked.filter((file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')));
    expect(missingIn(pages, (file) => readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });

  it('are found in a comment, and a moved one is told', () => {
    const source = `// see src/flow/route-table.ts\nconst file = 'src/main.tsx';\n/* and server/db/postgres.ts */`;
    expect(namedPaths(commentsOf(source))).toEqual(['src/flow/route-table.ts', 'server/db/postgres.ts']);
    expect(exists('src/flow/route-table.ts')).toBe(false);
    expect(exists('server/db/postgres.ts')).toBe(true);
    expect(exists('docs/decisions/0007')).toBe(true);
  });
});
