import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ServerConfig } from '../config';

/** The runtime configuration the page reads before first paint (src/config.ts). */
export function runtimeConfig(config: ServerConfig) {
  return {
    apiBaseUrl: config.apiBasePath,
    platformHost: config.platformHost,
    allowedParentOrigins: config.allowedParentOrigins,
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
  /** CSP sources of the page's inline scripts: Parcel's import map of the lazy screens. */
  inlineScriptHashes: string[];
}

const INLINE_IMPORT_MAP = /<script type=["']?importmap["']?>([\s\S]*?)<\/script>/g;

export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_IMPORT_MAP)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}

/** The page every app route answers with, configured and compressed once at start-up. */
export function loadAppPage(config: ServerConfig): AppPage {
  const html = injectConfig(readFileSync(join(config.distDir, 'index.html'), 'utf8'), runtimeConfig(config));
  const identity = Buffer.from(html);
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity),
    inlineScriptHashes: inlineScriptHashes(html),
  };
}
