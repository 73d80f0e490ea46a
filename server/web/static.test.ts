import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../db/database';
import type { Database } from '../db/database-types';
import { migrate } from '../db/migrations';
import { createHash } from 'node:crypto';
import { get } from 'node:http';
import { FIXTURE_ASSET, FIXTURE_IMPORT_MAP, fixtureStyle, testApp } from '../testing/app';
import { injectConfig } from './app-page';

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
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
  it('answers each route with its prerendered page, so deep links and reloads show their screen', async () => {
    for (const [path, screen] of [
      ['/login', 'Login'],
      ['/company/acme/terms?app=portal', 'TermsAndConditions'],
      ['/company/any%20context/terms', 'TermsAndConditions'],
    ]) {
      const response = await app.inject({ url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(`<h1>${screen}</h1>`);
    }
  });

  it('answers a path outside the route table with the not-found page and a 404', async () => {
    for (const path of ['/no/such/page', '/login/password/extra', '/company']) {
      const response = await app.inject({ url: path });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<h1>NotFound</h1>');
    }
  });

  it('sends / to /login and /company/:context to its terms, keeping the query (flows 2)', async () => {
    const root = await app.inject({ url: '/?app=portal&route=%2Fx' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/login?app=portal&route=%2Fx');
    const alias = await app.inject({ url: '/company/acme?domain=acme' });
    expect(alias.headers.location).toBe('/company/acme/terms?domain=acme');
  });

  it('picks the language from the locale parameter, then Accept-Language, then English', async () => {
    const title = async (url: string, acceptLanguage?: string) =>
      /<title>(.*?)<\/title>/.exec((await app.inject({ url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} })).body)?.[1];
    expect(await title('/login?locale=az', 'de-DE,de;q=0.9')).toBe('Login az');
    expect(await title('/login', 'pt-BR,fr;q=0.8,de;q=0.9')).toBe('Login de');
    expect(await title('/login', 'es-ES, *;q=0.5')).toBe('Login en');
    expect(await title('/login?locale=xx')).toBe('Login en');
    expect((await app.inject({ url: '/login' })).headers.vary).toContain('Accept-Language');
  });

  it('writes the runtime configuration into the page', async () => {
    const response = await app.inject({ url: '/login' });
    expect(configIn(response.body)).toEqual({
      apiBaseUrl: '/auth-api',
      platformHost: 'example.com',
      allowedParentOrigins: ['https://portal.example.com'],
      gallery: true,
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

  it('lets browsers keep hashed assets for a year, with no validator they would never send back', async () => {
    const asset = await app.inject({ url: `/${FIXTURE_ASSET}`, headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect([asset.headers.etag, asset.headers['last-modified'], asset.headers['accept-ranges']]).toEqual([undefined, undefined, undefined]);
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await app.inject({ url: '/main.ffffffff.js' });
    expect(response.statusCode).toBe(404);
  });

  it("sends security headers, letting the platform's origins and the configured parents frame /change-password and nothing else", async () => {
    const response = await app.inject({ url: '/change-password?app=portal' });
    const csp = String(response.headers['content-security-policy']);
    const importMapHash = createHash('sha256').update(FIXTURE_IMPORT_MAP).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${importMapHash}';`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/; frame-ancestors https:\/\/example\.com https:\/\/\*\.example\.com https:\/\/portal\.example\.com$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    for (const url of ['/login', '/change-password/other', '/auth-api/health']) {
      expect(String((await app.inject({ url })).headers['content-security-policy']), url).toMatch(/frame-ancestors 'none'$/);
    }
  });

  it("lets a page's answer use its own inline stylesheet alone, and no other answer any", async () => {
    const styleHash = (screen: string) => `'sha256-${createHash('sha256').update(fixtureStyle(screen)).digest('base64')}'`;
    const styleSources = async (url: string) => /style-src ([^;]*)/.exec(String((await app.inject({ url })).headers['content-security-policy']))?.[1];
    expect(await styleSources('/login')).toBe(`'self' ${styleHash('Login')}`);
    expect(await styleSources('/company/acme/terms')).toBe(`'self' ${styleHash('TermsAndConditions')}`);
    expect(await styleSources('/change-password?app=portal')).toBe(`'self' ${styleHash('NotFound')}`);
    for (const url of ['/auth-api/health', `/${FIXTURE_ASSET}`])
      expect((await app.inject({ url })).headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers a malformed or too long URL in the error shape with the security headers, without repeating the path', async () => {
    const malformed = await app.inject({ url: '/auth-api/organization/%E0%A4%A/ssoMode' });
    const tooLong = await app.inject({ url: `/auth-api/organization/${'a'.repeat(500)}%40example.com/ssoMode` });
    for (const [response, status] of [
      [malformed, 400],
      [tooLong, 414],
    ] as const) {
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ statusCode: status, code: 'validation_failed' });
      expect(response.body).not.toContain('ssoMode');
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers 414 for a path over 2,048 characters, in the error shape with the security headers, without repeating the path', async () => {
    const longest = `/login/${'a'.repeat(2048 - '/login/'.length)}`;
    expect((await app.inject({ url: longest })).statusCode).toBe(404);
    expect((await app.inject({ url: `/login?route=${'a'.repeat(4000)}` })).statusCode).toBe(200);
    for (const url of [`${longest}b`, `/auth-api/health/${'x'.repeat(2100)}`, `/${'/'.repeat(15_000)}x`]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url.slice(0, 20)).toBe(414);
      expect(response.json()).toEqual({
        statusCode: 414,
        error: 'URI Too Long',
        message: 'The URL is longer than this server takes.',
        code: 'validation_failed',
      });
      expect(response.body).not.toContain(url.slice(-20));
      expect(response.headers['cache-control']).toBe('no-store');
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers a path of 15,000 slashes in under 50 ms while a request sent at the same time is served at once', async () => {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    // node:http rather than fetch, whose own handling of a 15,000-character URL takes milliseconds.
    const timed = (path: string) =>
      new Promise<{ status: number; ms: number }>((resolve, reject) => {
        const started = performance.now();
        get(`${origin}${path}`, (response) => {
          response.resume().on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
        }).on('error', reject);
      });
    const slashPath = `/${'/'.repeat(15_000)}x`;
    // Warm code first, so the figures are the server's answer time.
    await Promise.all([timed(slashPath), timed('/auth-api/health')]);
    const [slashes, health] = await Promise.all([timed(slashPath), timed('/auth-api/health')]);
    expect(slashes.ms).toBeLessThan(50);
    expect(health.ms).toBeLessThan(50);
    expect(slashes.status).toBe(414);
    expect(health.status).toBe(200);
  });

  it('serves the API under its base path, with JSON errors for unknown operations', async () => {
    const health = await app.inject({ url: '/auth-api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const missing = await app.inject({ url: '/auth-api/no-such-operation' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
    expect(missing.body).not.toContain('no-such-operation');
  });
});

describe('in production', () => {
  let production: FastifyInstance;
  beforeAll(async () => {
    ({ app: production } = await testApp(db, { NODE_ENV: 'production', DEV_PAGES: '' }));
  });
  afterAll(() => production.close());

  it('serves no toolkit gallery, and tells the page it has none', async () => {
    expect((await app.inject({ url: '/ui' })).body).toContain('<h1>Shell</h1>');
    expect(configIn((await app.inject({ url: '/login' })).body)).toMatchObject({ gallery: true });
    const gallery = await production.inject({ url: '/ui' });
    expect(gallery.statusCode).toBe(404);
    expect(gallery.body).toContain('<h1>NotFound</h1>');
    expect(configIn((await production.inject({ url: '/login' })).body)).toMatchObject({ gallery: false });
  });

  it('serves no development page', async () => {
    expect((await app.inject({ url: '/dev/idp/autosubmit.js' })).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/dev/mail'],
      ['GET', '/dev/mail.json'],
      ['GET', '/dev/idp/autosubmit.js'],
      ['GET', '/dev/idp/sso'],
      ['POST', '/dev/idp/sso'],
    ] as const) {
      const response = await production.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('the configuration block', () => {
  it('cannot be closed early by a configured value', () => {
    const html = injectConfig('<script id=frontdoor-config type=application/json>{}</script>', { x: '</script><script>alert(1)' });
    expect(html).not.toContain('</script><script>');
    expect(configIn(html)).toEqual({ x: '</script><script>alert(1)' });
  });
});
