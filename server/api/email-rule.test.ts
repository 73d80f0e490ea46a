import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { ACCEPTED_ADDRESSES, REFUSED_ADDRESSES } from '../testing/email-addresses';
import { createUser } from '../admin/operations';
import { readOutbox } from '../mail/mail-queue';

describe.each(testDatabases)('one e-mail address per request on $name', (target) => {
  let api: Api;

  beforeAll(async () => {
    api = await openApi(target);
    await createUser(api.db, { email: 'victim@corp.example', password: 'Victim-Horse-9' });
  });
  afterAll(() => api.close());

  const refused = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
  };

  describe.each(REFUSED_ADDRESSES)('an e-mail with %s', (_trick, email) => {
    it('answers register with 400 validation_failed', async () => {
      refused(await call(api.app, { method: 'POST', url: '/register', payload: { email, language: 'en' } }));
    });

    it('answers forgot-password with 400 validation_failed', async () => {
      refused(await call(api.app, { method: 'POST', url: '/forgot-password', payload: { email, language: 'en' } }));
    });

    it('answers login with 400 validation_failed', async () => {
      refused(await login(api.app, { email, password: 'Victim-Horse-9' }));
    });

    it('answers the SSO-mode look-up with 400 validation_failed', async () => {
      refused(await call(api.app, { method: 'GET', url: `/organization/${encodeURIComponent(email)}/ssoMode` }));
    });
  });

  it('sends no mail and makes no account for any of them', async () => {
    await api.services.background.idle();
    expect(await readOutbox(api.db, 500)).toEqual([]);
    const users = await api.db.query<{ email: string }>('SELECT email FROM users');
    expect(users.map((user) => user.email)).toEqual(['victim@corp.example']);
  });

  it.each(ACCEPTED_ADDRESSES)('takes %s on register, login and the SSO-mode look-up', async (_kind, email) => {
    expect((await call(api.app, { method: 'POST', url: '/register', payload: { email, language: 'en' } })).statusCode).toBe(202);
    expect((await login(api.app, { email, password: 'Wrong-Horse-9' })).json()).toMatchObject({ statusCode: 400, code: 'invalid_credentials' });
    expect((await call(api.app, { method: 'GET', url: `/organization/${encodeURIComponent(email)}/ssoMode` })).statusCode).toBe(200);
  });
});
