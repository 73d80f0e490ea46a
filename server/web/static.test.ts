import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/database';
import { createHash } from 'node:crypto';
import { FIXTURE_ASSET, FIXTURE_IMPORT_MAP, testApp } from '../testing/app';
import { injectConfig } from './app-page';

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openDatabase({});
  ({ app } = await testApp(db, { API_BASE_PATH: '/auth-api', PLATFORM_HOST: 'example.com', ALLOWED_PARENT_ORIGINS: 'https://portal.example.com' }));
});
afterAll(async () => {
  await app.close();
  await db.close();
});

function configIn(html: string) {
  return JSON.parse(/<script id=frontdoor-config type=application\/json>(.*?)<\/script>/.exec(html)![1]!);
}

describe('serving the front door', () => {
  it('answers every app path with the page, so deep links and reloads work', async () => {
    for (const path of ['/login', '/company/acme/terms?app=portal', '/reset-password/update?token=abc']) {
      const response = await app.inject({ url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id=root>');
    }
  });

  it('writes the runtime configuration into the page', async () => {
    const response = await app.inject({ url: '/login' });
    expect(configIn(response.body)).toEqual({
      apiBaseUrl: '/auth-api',
      platformHost: 'example.com',
      allowedParentOrigins: ['https://portal.example.com'],
    });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the page and assets precompressed to browsers that accept it', async () => {
    const page = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('frontdoor-config');
    const asset = await app.inject({ url: `/${FIXTURE_ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asset.rawPayload).toString()).toContain('front door');
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const asset = await app.inject({ url: `/${FIXTURE_ASSET}`, headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await app.inject({ url: '/main.ffffffff.js' });
    expect(response.statusCode).toBe(404);
  });

  it('sends security headers, allowing only the configured parents to frame it', async () => {
    const response = await app.inject({ url: '/change-password' });
    const csp = String(response.headers['content-security-policy']);
    const importMapHash = createHash('sha256').update(FIXTURE_IMPORT_MAP).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${importMapHash}';`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'self' https://portal.example.com");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves the API under its base path, with JSON errors for unknown operations', async () => {
    const health = await app.inject({ url: '/auth-api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const missing = await app.inject({ url: '/auth-api/no-such-operation' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
  });
});

describe('the configuration block', () => {
  it('cannot be closed early by a configured value', () => {
    const html = injectConfig('<script id=frontdoor-config type=application/json>{}</script>', { x: '</script><script>alert(1)' });
    expect(html).not.toContain('</script><script>');
    expect(configIn(html)).toEqual({ x: '</script><script>alert(1)' });
  });
});
