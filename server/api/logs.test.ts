import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { codeAt, currentStep, newTotpSecret } from '../auth/totp';
import { readOutbox } from '../mail/mail-queue';

const pglite = testDatabases[0]!;

describe('the server logs', () => {
  let api: Api;
  const secrets: string[] = [];

  beforeAll(async () => {
    api = await openApi(pglite, { LOG_LEVEL: 'trace' });
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    const totpSecret = newTotpSecret();
    await createUser(api.db, {
      email: 'ada@example.com',
      password: 'Secret-Horse-9',
      contexts: ['acme'],
      totp: { secret: totpSecret, secrets: api.services.totpSecrets },
    });
    const code = codeAt(totpSecret, currentStep());
    secrets.push('Secret-Horse-9', 'Wrong-Horse-9', code, totpSecret);

    await login(api.app, { email: 'ada@example.com', password: 'Wrong-Horse-9' });
    const session = (await login(api.app, { email: 'ada@example.com', password: 'Secret-Horse-9', challenge: code })).json<{ token: string }>().token;
    secrets.push(session);
    const setup = await call(api.app, { method: 'POST', url: '/acme/user/setMfa', token: session, headers: { 'content-type': 'application/json' } });
    secrets.push(new URL(setup.body).searchParams.get('secret')!);
    await call(api.app, { method: 'POST', url: '/forgot-password', payload: { email: 'ada@example.com', language: 'en' } });
    await api.services.background.idle();
    const [mail] = await readOutbox(api.db, 1);
    const link = new URL(mail!.links[0]!);
    const resetToken = Buffer.from(link.searchParams.get('token')!, 'base64').toString();
    secrets.push(resetToken, link.searchParams.get('token')!);
    await api.app.inject({ url: `${link.pathname}${link.search}` }); // the page, with the token in its query
    await call(api.app, { method: 'POST', url: '/set-password', token: resetToken, payload: { password: 'Newer-Horse-9', challenge: '' } });
    secrets.push('Newer-Horse-9');
    await call(api.app, { method: 'GET', url: '/frontdoor/logout', token: session });
    await call(api.app, { method: 'GET', url: '/organization/ada@example.com/ssoMode' });
    await call(api.app, { method: 'GET', url: '/organization/grace%40example.com/ssoMode' });
  });
  afterAll(() => api.close());

  it('are structured JSON lines', () => {
    expect(api.logs.length).toBeGreaterThan(10);
    for (const line of api.logs) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('never contain an e-mail address, not even the one in the SSO-mode path', () => {
    const text = api.logs.join('\n');
    expect(text).toContain('/api/organization/{email}/ssoMode');
    for (const email of ['ada@example.com', 'ada%40example.com', 'grace@example.com', 'grace%40example.com']) expect(text).not.toContain(email);
  });

  it('never contain a password, a code, a TOTP secret or a token', () => {
    const text = api.logs.join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
