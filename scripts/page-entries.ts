/**
 * Each page's entry, written before the build (docs/decisions/0017-a-page-is-an-entry.md): for
 * every screen that has pages, an HTML file like src/index.html whose module script starts the
 * page with that screen's chunk, so a page's script names its own screen and no other; and
 * src/index.html as it is for the page the router fills (the toolkit's gallery's shell). What they
 * all import is one shared bundle, `pages`; each entry adds a few hundred bytes. The prerender
 * (scripts/prerender.ts) takes each page's built template by its screen's name.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROUTE_TABLE } from '../src/router/route-table';
import { PRESS_CALLS } from '../src/router/press-calls';

/** The screens with pages of their own: every row's served in production, and the not-found page's. */
export function pageScreens(): string[] {
  return [...new Set([...ROUTE_TABLE.filter((row) => !row.development).map((row) => row.screen), 'NotFound'])];
}

/** The page the router fills, whose entry is src/boot.tsx. */
export const SHELL = 'Shell';
/** Its template's name: Parcel names the bundle every page shares after the folder of an index page. */
export const SHELL_TEMPLATE = 'index';

/** Writes the entries into `dir`, answers their HTML files. */
export function writePageEntries(root: string, dir: string): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const source = join(root, 'src');
  const toSource = relative(dir, source).split('\\').join('/');
  const template = readFileSync(join(source, 'index.html'), 'utf8').replace(/(href|src)="\.\//g, (_, attribute: string) => `${attribute}="${toSource}/`);
  writeFileSync(join(dir, `${SHELL_TEMPLATE}.html`), template);
  const screens = pageScreens().map((screen) => {
    const html = template.replace(`"${toSource}/boot.tsx"`, () => `"./${screen}.tsx"`);
    if (html === template) throw new Error('src/index.html has no module script ./boot.tsx to replace.');
    writeFileSync(join(dir, `${screen}.html`), html);
    writeFileSync(
      join(dir, `${screen}.tsx`),
      [
        `// The entry of the pages of ${screen}, written by scripts/page-entries.ts.`,
        `import { bootPage } from '${toSource}/router/start';`,
        `export * from '${toSource}/router/shared';`,
        // A screen whose page sends a press's first call takes the held press before its render.
        `bootPage(() => import('${toSource}/screens/${screen}').then((module) => module.${screen})` +
          (screen in PRESS_CALLS ? `, () => import('${toSource}/screens/${screen}').then((module) => module.takeHeldPress));` : ');'),
        '',
      ].join('\n'),
    );
    return join(dir, `${screen}.html`);
  });
  return [join(dir, `${SHELL_TEMPLATE}.html`), ...screens];
}
