import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The repository's code files, as git knows them. */
const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.js', '*.cjs'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z]+)*\.(?:ts|tsx|js|cjs)$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*(?:\.test)?\.tsx$/;

describe('file names', () => {
  it('are kebab-case for modules, PascalCase only for component files', () => {
    expect(files.filter((path) => !KEBAB.test(nameOf(path)) && !PASCAL.test(nameOf(path)))).toEqual([]);
  });
});
