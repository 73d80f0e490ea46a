import { inlineHash } from './security-headers';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ServerConfig } from '../config';
import { LANGUAGES, type Language } from '../../rules/languages';

/** The runtime configuration the page reads before first paint (src/config/runtime-config.ts). */
export function runtimeConfig(config: ServerConfig) {
  return {
    apiBaseUrl: config.apiBasePath,
    platformHost: config.platformHost,
    allowedParentOrigins: config.allowedParentOrigins,
    /** The toolkit's gallery is a development page: production neither serves nor shows it. */
    gallery: !config.production,
    /** The domain of the session cookies (flows 9), so the platform's apps receive them; absent: host-only. */
    ...(config.cookieDomain ? { cookieDomain: config.cookieDomain } : {}),
  };
}

const CONFIG_BLOCK = /(<script id=["']?frontdoor-config["']?[^>]*>)[\s\S]*?(<\/script>)/;

/** Writes the configuration into the built page; `<` is escaped so no value can close the block. */
export function injectConfig(html: string, value: unknown): string {
  if (!CONFIG_BLOCK.test(html)) throw new Error('The built page has no frontdoor-config block.');
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return html.replace(CONFIG_BLOCK, (_match, open: string, close: string) => `${open}${json}${close}`);
}

export interface AppPage {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** CSP sources of its inline stylesheet, allowed by hash on its answer alone (docs/decisions/0004). */
  styleHashes: readonly string[];
}

/** The built pages: each route's prerendered page in each language, and the page for unknown paths. */
export interface AppPages {
  /** Route patterns (flows 2) with their pages by language; in production, without the development ones. */
  routes: { pattern: string; pages: Record<Language, AppPage> }[];
  /** Paths that only send the visitor on, to a pattern filled with their parameters (flows 2). */
  redirects: { pattern: string; to: string }[];
  notFound: Record<Language, AppPage>;
  /** CSP sources of the pages' inline scripts, allowed by hash (docs/decisions/0004): the same on every page. */
  scriptHashes: string[];
}

const INLINE_SCRIPT = /<script(?: type=["']?importmap["']?)?>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/g;
const hashesIn = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map(([, content = '']) => inlineHash(content));

function compiled(html: string): AppPage {
  const identity = Buffer.from(html);
  return { identity, gzip: gzipSync(identity, { level: 9 }), br: brotliCompressSync(identity), styleHashes: hashesIn(html, INLINE_STYLE) };
}

interface PagesManifest {
  languages: Language[];
  /** `development`: a page outside the sign-in flow (the toolkit's gallery), not served in production. */
  routes: { pattern: string; page: string; development?: boolean }[];
  redirects: { pattern: string; to: string }[];
  notFound: string;
}

/** The built pages of the front door (dist/pages, written by the prerender step), if any. */
export function hasAppPages(config: ServerConfig): boolean {
  return existsSync(join(config.distDir, 'pages', 'pages.json'));
}

/** The pages the server answers with, configured and compressed once at start-up. */
export function loadAppPages(config: ServerConfig): AppPages {
  const scripts = new Set<string>();
  const manifest = JSON.parse(readFileSync(join(config.distDir, 'pages', 'pages.json'), 'utf8')) as PagesManifest;
  const inEveryLanguage = (page: string) =>
    Object.fromEntries(
      LANGUAGES.map((language) => {
        const html = injectConfig(readFileSync(join(config.distDir, 'pages', language, `${page}.html`), 'utf8'), runtimeConfig(config));
        hashesIn(html, INLINE_SCRIPT).forEach((hash) => scripts.add(hash));
        return [language, compiled(html)];
      }),
    ) as Record<Language, AppPage>;
  return {
    routes: manifest.routes
      .filter((route) => !(route.development && config.production))
      .map((route) => ({ pattern: route.pattern, pages: inEveryLanguage(route.page) })),
    redirects: manifest.redirects,
    notFound: inEveryLanguage(manifest.notFound),
    scriptHashes: [...scripts],
  };
}
