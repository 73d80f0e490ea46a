import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { addMembership, createOrganization, createUser } from '../admin/operations';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabases)('organisations, user and terms on $name', (target) => {
  let api: Api;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'zeta', name: 'Zeta', logo: 'https://example.com/zeta.png' });
    await createOrganization(api.db, {
      context: 'acme',
      name: 'Acme',
      termsVersion: 2,
      termsContent: { en: 'https://example.com/t.pdf||https://example.com/p.pdf' },
      defaultLanguage: 'de',
    });
    await createOrganization(api.db, { context: 'meta', name: 'Meta' });
    await createOrganization(api.db, { context: 'serviceProvider', name: 'Marketplace' });
    await createOrganization(api.db, { context: 'dormant', name: 'Dormant', enabled: false });
    await createOrganization(api.db, { context: 'left', name: 'Left' });
    await createOrganization(api.db, { context: 'foreign', name: 'Foreign' });
    const user = await createUser(api.db, {
      email: 'ada@example.com',
      password: PASSWORD,
      language: 'fr',
      contexts: ['zeta', 'acme', 'meta', 'serviceProvider', 'dormant'],
    });
    await addMembership(api.db, user.id, 'left', false);
    userId = user.id;
    token = (await login(api.app, { email: 'ada@example.com', password: PASSWORD })).json<{ token: string }>().token;
  });
  afterAll(() => api.close());

  const get = (url: string, withToken = token) => call(api.app, { method: 'GET', url, token: withToken });

  it('lists the enabled organisations of enabled memberships, keyed by context, reserved ones first', async () => {
    const response = await get('/acme/user/organizations');
    expect(response.statusCode).toBe(200);
    const organizations = response.json<Record<string, { name: string; context: string; enabled: boolean }>>();
    expect(Object.keys(organizations)).toEqual(['serviceProvider', 'meta', 'acme', 'zeta']);
    expect(organizations.zeta).toEqual({ id: expect.any(String), name: 'Zeta', logo: 'https://example.com/zeta.png', context: 'zeta', enabled: true });
  });

  it('answers the current organisation with its terms and default language', async () => {
    const response = await get('/acme/organization/current');
    expect(response.json()).toMatchObject({
      context: 'acme',
      termsAndConditions: { version: 2, content: { en: 'https://example.com/t.pdf||https://example.com/p.pdf' } },
      language: { default: 'de' },
    });
  });

  it('records terms acceptance at the organisation’s current version', async () => {
    const before = await get(`/acme/user/${userId}`);
    expect(before.json()).toEqual({ id: userId, email: 'ada@example.com', language: 'fr', termsAndConditions: {} });
    const accept = await call(api.app, { method: 'POST', url: '/acme/user/acceptTermsAndConditions', token, headers: { 'content-type': 'application/json' } });
    expect(accept.statusCode).toBe(204);
    expect((await get(`/acme/user/${userId}`)).json()).toMatchObject({ termsAndConditions: { acme: { acceptedVersion: 2 } } });
  });

  it('keeps a user to the contexts in the token', async () => {
    for (const context of ['foreign', 'left', 'dormant']) {
      const response = await get(`/${context}/organization/current`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it('refuses to show another user', async () => {
    expect((await get('/acme/user/00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
  });

  it('refuses calls without a valid session', async () => {
    expect((await call(api.app, { method: 'GET', url: '/acme/user/organizations' })).statusCode).toBe(401);
    const [header, payload] = token.split('.');
    const tampered = `${header}.${payload}.${'A'.repeat(86)}`;
    expect((await get('/acme/user/organizations', tampered)).statusCode).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await get('/acme/user/organizations', unsigned)).statusCode).toBe(401);
  });
});
