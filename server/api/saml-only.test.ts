import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { readOutbox } from '../mail/mail-queue';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabases)('organisations that sign in through SAML only, on $name', (target) => {
  let api: Api;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createOrganization(api.db, { context: 'globex', name: 'Globex', ssoMode: 'SAML_ONLY' });
    await createUser(api.db, { email: 'sam@globex.example', contexts: ['globex'] });
    await createUser(api.db, { email: 'old@globex.example', password: PASSWORD, contexts: ['globex'] });
    await createUser(api.db, { email: 'both@example.com', password: PASSWORD, contexts: ['acme', 'globex'] });
  });
  afterAll(() => api.close());

  it('sends no reset or signup link to a user who signs in through SAML only', async () => {
    await call(api.app, { method: 'POST', url: '/forgot-password', payload: { email: 'sam@globex.example', language: 'en' } });
    await call(api.app, { method: 'POST', url: '/register', payload: { email: 'sam@globex.example', language: 'en' } });
    await api.services.background.idle();
    expect((await readOutbox(api.db, 100)).filter((mail) => mail.to === 'sam@globex.example')).toEqual([]);
  });

  it('refuses a password sign-in for such a user, even with a password from before', async () => {
    const response = await login(api.app, { email: 'old@globex.example', password: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('leaves SAML-only organisations out of a password session', async () => {
    const response = await login(api.app, { email: 'both@example.com', password: PASSWORD });
    const claims = await api.services.tokens.verifySession(response.json<{ token: string }>().token);
    expect(claims.contexts).toEqual(['acme']);
  });
});
