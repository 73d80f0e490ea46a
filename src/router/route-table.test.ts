import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, matchRoute } from './route-table';

const src = join(process.cwd(), 'src');

/** The front door's own modules a module imports, found by their relative imports. */
function localImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/from '(\.[^']+)'/g)]
    .map((match) => resolve(dirname(file), match[1]!))
    .flatMap((base) => ['.tsx', '.ts'].map((extension) => base + extension))
    .filter((candidate) => existsSync(candidate) && candidate.startsWith(src));
}

/** The string literals of a module, as its parser reads them: a key named in a comment is none. */
function stringsOf(file: string): string[] {
  const strings: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node)) strings.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest));
  return strings;
}

/** The `page.*` text groups a screen shows, through the parts it is made of. */
function pageGroupsOf(screen: string): Set<string> {
  const seen = new Set<string>();
  const groups = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || file.includes('/stores/') || file.includes('/api/')) return;
    seen.add(file);
    for (const text of stringsOf(file)) {
      const group = /^page\.([a-z-]+)\./.exec(text)?.[1];
      if (group) groups.add(group);
    }
    localImports(file).forEach(visit);
  };
  visit(join(src, 'screens', `${screen}.tsx`));
  return groups;
}

describe('the route table', () => {
  // The gallery's rows bring their own texts with the gallery (src/gallery/gallery-screen.ts).
  it.each(ROUTE_TABLE.filter((row) => !row.development).map((row) => [row.screen, row] as const))('names every text group %s shows', (_screen, row) => {
    const named = new Set<string>(row.texts);
    expect([...pageGroupsOf(row.screen)].filter((group) => !named.has(group))).toEqual([]);
  });

  it('finds the row of a path and reads its parameters', () => {
    expect(matchRoute('/company/acme/terms')).toMatchObject({ row: { screen: 'TermsAndConditions' }, params: { context: 'acme' } });
    expect(matchRoute('/login/')).toMatchObject({ row: { screen: 'Login' } });
    expect(matchRoute('/nowhere')).toBeUndefined();
  });
});
