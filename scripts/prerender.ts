/**
 * The prerender step of the build: each route's first view rendered to HTML at build
 * time, in each language, with the same components as the browser. A page carries inline the
 * rules of what its screen's prerendered markup shows and its icon (the stylesheet allowed by hash in the CSP;
 * the whole stylesheet follows once the page has taken over, scripts/prerender/first-view-css.ts),
 * the complete import map, its screen's texts in its language and the runtime configuration block
 * the server fills. Its module script, its screen's files and the whole stylesheet are listed in a
 * JSON block (src/router/scripts-block.ts) with what its first view needs of its screen's row;
 * one inline script adds the scripts once the page has painted (scripts/prerender/start-scripts.ts).
 * The server picks the page by path and language (server/web/static.ts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type * as Ssr from './prerender/ssr';
import { firstViewCss } from './prerender/first-view-css';
import { SHELL, SHELL_TEMPLATE } from './page-entries';
import type { ScriptsBlock } from '../src/router/scripts-block';
import { escapeHtml } from '../server/web/html';

/** What a built page is for, read by the server: the route patterns and their page files. */
export interface PagesManifest {
  languages: string[];
  /** `development`: a page outside the sign-in flow (the toolkit's gallery), which production does not serve. */
  routes: { pattern: string; page: string; development?: boolean }[];
  /** Paths that only send the visitor on, to a pattern filled with their parameters (flows 2). */
  redirects: { pattern: string; to: string }[];
  notFound: string;
}

/** JSON for a script block: `<` escaped, so no value can close the block. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

async function loadSsr(root: string): Promise<typeof Ssr> {
  const outfile = join(root, '.parcel-cache', 'prerender-ssr.mjs');
  await build({
    entryPoints: [join(root, 'scripts/prerender/ssr.tsx')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  return (await import(`${pathToFileURL(outfile).href}?${Date.now()}`)) as typeof Ssr;
}

/** The inline script that starts a page's scripts after its first paint, minified. */
async function startScripts(root: string): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'scripts/prerender/start-scripts.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'es2020',
    // Not the project's strict mode: the page would carry a "use strict" the script does not need.
    tsconfigRaw: {},
    logLevel: 'warning',
  });
  return result.outputFiles[0]!.text.trim();
}

interface Bundles {
  importMap: Record<string, string>;
  /** For each id, the files whose code imports it. */
  importers: Record<string, string[]>;
  lazy: Record<string, string[]>;
}

/** The module of the development rows' screen, the toolkit's gallery (src/router/screens.ts). */
const DEVELOPMENT_MODULE = 'src/gallery/gallery-entry.ts';

/**
 * The import map of a page of the front door: every file but those only the gallery's code imports,
 * which such a page never loads (a move to the gallery is a page load of its shell, whose map is whole).
 */
function frontDoorImportMap({ importMap, importers, lazy }: Bundles): Record<string, string> {
  const developmentOnly = new Set(lazy[DEVELOPMENT_MODULE] ?? []);
  const imports = { ...importMap };
  let grew = true;
  while (grew) {
    grew = false;
    for (const [id, url] of Object.entries(imports)) {
      const by = importers[id] ?? [];
      if (by.length === 0 || !by.every((file) => developmentOnly.has(file))) continue;
      developmentOnly.add(url);
      delete imports[id];
      grew = true;
    }
  }
  return imports;
}

/** Where the template's stylesheet goes, the rules a page inlines. */
const STYLE = '<style></style>';
const MODULE_SCRIPT = /<script type=["']?module["']? src=["']?([^"'\s>]+)["']?><\/script>/g;

/** A built page template, ready for a screen's markup and the stylesheet it inlines. */
interface Template {
  /** The page with the whole stylesheet's place marked by STYLE and no module script. */
  html: string;
  /** The whole stylesheet and its address. */
  css: string;
  stylesheet: string;
  /** Its module scripts in order: the entry last, the bundles it imports before it. */
  scripts: string[];
}

/**
 * An SVG as the text of a data URL in a double-quoted attribute: its quotes made single, and only
 * what a URL or the attribute cannot hold escaped, so the page carries it in a third fewer bytes
 * than percent-encoded whole.
 */
const svgDataText = (svg: string) =>
  svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/"/g, "'")
    .replace(/[%#<>&]/g, (character) => encodeURIComponent(character));

/** The built template of a page's entry (scripts/page-entries.ts; the shell's is src/index.html). */
function template(file: string, dist: string): Template {
  let html = readFileSync(file, 'utf8');
  const stylesheet = /<link rel=["']?stylesheet["']? href=["']?\/([^"'\s>]+\.css)["']?>/.exec(html);
  if (!stylesheet) throw new Error(`${file} links no stylesheet to inline.`);
  const css = readFileSync(join(dist, stylesheet[1]!), 'utf8').trim();
  html = html.replace(stylesheet[0], () => STYLE);
  // The icon is small: inline, it costs the page less than a request of its own.
  const icon = /(<link rel=["']?icon["']? href=["']?)\/([^"'\s>]+\.svg)(["']?)/.exec(html);
  if (icon) {
    const [link, before, name = ''] = icon;
    const inline = `${before}"data:image/svg+xml,${svgDataText(readFileSync(join(dist, name), 'utf8'))}"`;
    html = html.replace(link, () => inline);
  }
  const scripts = [...html.matchAll(MODULE_SCRIPT)].flatMap(([, src]) => (src ? [src] : []));
  if (scripts.length === 0) throw new Error(`${file} has no module script to start.`);
  // The page's scripts block takes their place (scripts/prerender/start-scripts.ts).
  let first = true;
  html = html.replace(MODULE_SCRIPT, () => (first ? ((first = false), SCRIPTS) : ''));
  return { html, css, stylesheet: `/${stylesheet[1]!}`, scripts };
}

/** Where a page's blocks and start-up script go. */
const SCRIPTS = '<script id=frontdoor-scripts></script>';

export async function prerender(root: string, dist: string): Promise<number> {
  const ssr = await loadSsr(root);
  const bundles = JSON.parse(readFileSync(join(dist, '.bundles.json'), 'utf8')) as Bundles;
  const pageImports = frontDoorImportMap(bundles);
  const templates = new Map<string, Template>();
  const templateOf = (name: string): Template => {
    const made = templates.get(name) ?? template(join(dist, `${name === SHELL ? SHELL_TEMPLATE : name}.html`), dist);
    templates.set(name, made);
    return made;
  };
  const starter = await startScripts(root);
  const pagesDir = join(dist, 'pages');
  rmSync(pagesDir, { recursive: true, force: true });
  const manifest: PagesManifest = {
    languages: [...ssr.LANGUAGES],
    routes: [],
    redirects: ssr.ALIASES.map((alias) => ({ pattern: alias.path, to: alias.to })),
    notFound: 'NotFound',
  };
  const pages: { name: string; page: Ssr.Page }[] = [];
  // The development rows (the toolkit's gallery) share one empty page, which the router fills.
  const shell = SHELL;
  for (const row of ssr.ROWS.filter((candidate) => candidate.development)) manifest.routes.push({ pattern: row.path, page: shell, development: true });
  for (const row of [...ssr.ROWS.filter((candidate) => !candidate.development), undefined, shell] as const) {
    const name = row === shell ? shell : (row?.screen ?? manifest.notFound);
    if (row && row !== shell) manifest.routes.push({ pattern: row.path, page: name });
    for (const language of ssr.LANGUAGES) pages.push({ name, page: row === shell ? ssr.shellPage(language) : await ssr.renderPage(row, language) });
  }
  // A page inlines the rules of its own screen, whatever its language (one style hash per screen in the CSP).
  const inlined = new Map<string, string>();
  const inlinedFor = (name: string) => {
    const made =
      inlined.get(name) ??
      `<style>${firstViewCss(templateOf(name).css, [...new Set(pages.filter((page) => page.name === name).map(({ page }) => page.markup))])}</style>`;
    inlined.set(name, made);
    return made;
  };
  for (const { name, page } of pages) {
    const { language } = page;
    const { html: base, stylesheet, scripts: modules } = templateOf(name);
    // What the entry imports, and the files its first view waits for, come beside it rather than after it.
    const preload = [...new Set([...modules.slice(0, -1), ...page.modules.flatMap((module) => bundles.lazy[module] ?? [])])];
    // What a press needs beyond them, with the whole stylesheet the move waits for.
    const pressedFiles = page.pressed.flatMap((module) => bundles.lazy[module] ?? []).filter((file) => !modules.includes(file) && !preload.includes(file));
    const pressed = pressedFiles.length > 0 ? [...new Set(pressedFiles), stylesheet] : [];
    const scripts: ScriptsBlock = {
      main: modules.at(-1)!,
      preload,
      ...(pressed.length > 0 ? { pressed } : {}),
      ...(page.call ? { call: page.call } : {}),
      styles: stylesheet,
      ...(page.screen ? { screen: page.screen } : {}),
    };
    const html = base
      .replace(STYLE, () => inlinedFor(name))
      .replace(/<html lang=["']?\w+["']?>/, () => `<html lang=${language}>`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace(/<script type=["']?importmap["']?>[\s\S]*?<\/script>/, '')
      .replace(
        /<head>|<meta charset=["']?utf-8["']?>/i,
        (tag) => `${tag}<script type=importmap>${scriptJson({ imports: name === SHELL ? bundles.importMap : pageImports })}</script>`,
      )
      .replace(
        SCRIPTS,
        () =>
          `<script id=frontdoor-texts type=application/json>${scriptJson({ texts: page.texts, ...(Object.keys(page.english).length > 0 ? { english: page.english } : {}) })}</script>` +
          `<script id=frontdoor-scripts type=application/json>${scriptJson(scripts)}</script><script>${starter}</script>`,
      )
      .replace(/<div id=["']?root["']?><\/div>/, () => `<div id=root>${page.markup}</div>`);
    if (!html.includes(`<div id=root>${page.markup}</div>`)) throw new Error(`The page template has no root to render ${name} into.`);
    mkdirSync(join(pagesDir, language), { recursive: true });
    writeFileSync(join(pagesDir, language, `${name}.html`), html);
  }
  writeFileSync(join(pagesDir, 'pages.json'), JSON.stringify(manifest, null, 2));
  return pages.length;
}
