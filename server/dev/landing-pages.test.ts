import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { TEST_PUBLIC_URL } from '../testing/app';
import { createOrganization, createUser } from '../admin/operations';

describe('the demo platform’s landing pages', () => {
  let api: Api;
  let token: string;

  beforeAll(async () => {
    api = await openApi(testDatabases[0]!, { PLATFORM_HOST: 'example.test' });
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createUser(api.db, { email: 'ada@example.com', password: 'Correct-Horse-9', contexts: ['acme'] });
    token = (await login(api.app, { email: 'ada@example.com', password: 'Correct-Horse-9' })).json<{ token: string }>().token;
  });
  afterAll(() => api.close());

  const visit = (host: string, url: string, cookie?: string, language?: string) =>
    api.app.inject({ url, headers: { host, ...(cookie ? { cookie } : {}), ...(language ? { 'accept-language': language } : {}) } });

  it('show who is signed in, into which context and route, from the per-context session cookie', async () => {
    const page = await visit('acme.example.test', '/dashboard?context=acme', `other=1; token_acme=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Portal of acme</h1>');
    expect(page.body).toContain('<dd>ada@example.com</dd>');
    expect(page.body).toContain('<dd>acme</dd>');
    expect(page.body).toContain('<dd>/dashboard</dd>');
    expect(page.body).toContain(`<a href="${TEST_PUBLIC_URL}/logout">Sign out</a>`);
  });

  it('read the session cookie when there is no cookie of the context, and name the admin area, marketplace and meta', async () => {
    expect((await visit('acme.example.test', '/admin/users', `token=${token}`)).body).toContain('<h1>Admin area of acme</h1>');
    expect((await visit('services.example.test', '/offers?context=serviceProvider', `token=${token}`)).body).toContain('<h1>Marketplace</h1>');
    expect((await visit('meta.example.test', '/', `token=${token}`)).body).toContain('<h1>Meta</h1>');
  });

  it('offer the front door’s sign-in, carrying app, domain and route, to a visitor without a valid session', async () => {
    for (const cookie of [undefined, 'token_acme=not-a-token']) {
      const page = await visit('acme.example.test', '/dashboard', cookie);
      expect(page.body).toContain('Not signed in.');
      expect(page.body).toContain(`${TEST_PUBLIC_URL}/login?app=portal&amp;domain=acme&amp;route=%2Fdashboard`);
    }
  });

  it('stop showing a session that logged out', async () => {
    const session = (await login(api.app, { email: 'ada@example.com', password: 'Correct-Horse-9' })).json<{ token: string }>().token;
    await call(api.app, { method: 'GET', url: '/frontdoor/logout', token: session });
    expect((await visit('acme.example.test', '/dashboard', `token_acme=${session}`)).body).toContain('Not signed in.');
  });

  it('speak the browser’s language, English when it asks for none the front door speaks', async () => {
    const german = await visit('acme.example.test', '/admin/users', `token=${token}`, 'de-CH, en;q=0.5');
    expect(german.body).toContain('<html lang="de">');
    expect(german.body).toContain('<title>Verwaltung von acme (Demo)</title>');
    expect(german.body).toContain('<dt>Angemeldet als</dt><dd>ada@example.com</dd>');
    expect(german.body).toContain('>Abmelden</a>');
    expect((await visit('acme.example.test', '/dashboard', undefined, 'it')).body).toContain('<p>Non connesso.</p>');
    const unknown = await visit('acme.example.test', '/dashboard', undefined, 'ja, nl;q=0.8');
    expect(unknown.body).toContain('<html lang="en">');
    expect(unknown.body).toContain('<h1>Portal of acme</h1>');
  });

  it('leave the front door’s own host and other hosts to the front door', async () => {
    for (const host of ['auth.example.test', '127.0.0.1', 'example.test']) {
      expect((await visit(host, '/login')).body, host).toContain('frontdoor-config');
    }
  });
});
