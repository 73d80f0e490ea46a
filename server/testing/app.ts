/**
 * A reference server on a test database with a small built front door of its own, so server
 * tests need no Parcel build.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { loadConfig, type ServerConfig } from '../config';
import { buildApp } from '../app';
import { createServices } from '../services';
import type { Database } from '../db/database';
import { compressDirectory } from '../../scripts/compress';

export const FIXTURE_ASSET = 'main.0123abcd.js';
export const FIXTURE_IMPORT_MAP = '{"imports":{"a1B2c":"/Login.4567cdef.js"}}';
export const TEST_PUBLIC_URL = 'https://auth.example.test';

export function fixtureDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'frontdoor-dist-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!DOCTYPE html><html lang=en><script type=importmap>${FIXTURE_IMPORT_MAP}</script><title>Frontdoor</title><script id=frontdoor-config type=application/json>{}</script><script type=module src=/${FIXTURE_ASSET}></script><div id=root></div>`,
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
  const services = await createServices(config, db);
  const app = await buildApp({ config, db, services, logStream: logs });
  return { app, config, services, logs: lines };
}
