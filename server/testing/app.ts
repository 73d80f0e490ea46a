/**
 * A reference server on a test database with a small built front door of its own, so server
 * tests need no Parcel build.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { loadConfig, type ServerConfig } from '../config';
import { buildApp } from '../app';
import { createServices } from '../create-services';
import type { Database } from '../db/database-types';
import { compressDirectory } from '../web/compress';
import { LANGUAGES } from '../../rules/languages';

export const FIXTURE_ASSET = 'main.0123abcd.js';
export const FIXTURE_IMPORT_MAP = '{"imports":{"a1B2c":"/Login.4567cdef.js"}}';
/** A page's inline stylesheet: each screen's a different one, as built pages have them. */
export const fixtureStyle = (screen: string) => `.fd-${screen.toLowerCase()}{color:#1d2330}`;
export const TEST_PUBLIC_URL = 'https://auth.example.test';

/** A prerendered page of the fixture: its screen and language in the title, as a built page has them. */
function fixturePage(screen: string, language: string): string {
  return `<!DOCTYPE html><html lang=${language}><script type=importmap>${FIXTURE_IMPORT_MAP}</script><title>${screen} ${language}</title><style>${fixtureStyle(screen)}</style><script id=frontdoor-config type=application/json>{}</script><script type=module src=/${FIXTURE_ASSET}></script><div id=root><h1>${screen}</h1></div>`;
}

/** A small build as scripts/build.ts writes it: an asset, the prerendered pages of two routes and the gallery's shell. */
export function fixtureDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'frontdoor-dist-'));
  const screens = { '/login': 'Login', '/company/$context/terms': 'TermsAndConditions' };
  for (const language of LANGUAGES) {
    mkdirSync(join(dir, 'pages', language), { recursive: true });
    for (const screen of [...Object.values(screens), 'Shell', 'NotFound'])
      writeFileSync(join(dir, 'pages', language, `${screen}.html`), fixturePage(screen, language));
  }
  writeFileSync(
    join(dir, 'pages', 'pages.json'),
    JSON.stringify({
      languages: LANGUAGES,
      routes: [...Object.entries(screens).map(([pattern, page]) => ({ pattern, page })), { pattern: '/ui', page: 'Shell', development: true }],
      redirects: [
        { pattern: '/', to: '/login' },
        { pattern: '/company/$context', to: '/company/$context/terms' },
      ],
      notFound: 'NotFound',
    }),
  );
  writeFileSync(join(dir, FIXTURE_ASSET), `console.log(${JSON.stringify('front door '.repeat(200))});`);
  compressDirectory(dir);
  return dir;
}

/** A server with its own data directory (signing key) and its log lines collected. */
export async function testApp(db: Database, env: NodeJS.ProcessEnv = {}) {
  const config: ServerConfig = loadConfig({
    DIST_DIR: fixtureDist(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'frontdoor-data-')),
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'info',
    DEV_PAGES: 'on',
    ...env,
  });
  const logs = new PassThrough();
  const lines: string[] = [];
  logs.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  // What the services report (a failed background task, a mail tried again) joins the log lines.
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push(JSON.stringify({ level, msg: args.filter((arg) => typeof arg === 'string').join(' ') }));
  const services = await createServices(config, db, { log: { error: record('error'), warn: record('warn') } });
  const app = await buildApp({ config, db, services, logStream: logs });
  return { app, config, services, logs: lines };
}
