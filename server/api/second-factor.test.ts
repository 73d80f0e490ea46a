import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { codeAt, currentStep, newTotpSecret } from '../auth/totp';
import { awayFromStepBoundary } from '../testing/totp';
import { readOutbox } from '../mail/mail-queue';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabases)('second factors the server enforces, on $name', (target) => {
  let api: Api;
  let counter = 0;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createOrganization(api.db, { context: 'vault', name: 'Vault', mfaPolicy: 'REQUIRED' });
  });
  afterAll(() => api.close());

  async function user(options: { contexts?: string[]; totpSecret?: string } = {}) {
    const email = `second${++counter}@example.com`;
    const created = await createUser(api.db, {
      email,
      password: PASSWORD,
      contexts: options.contexts ?? ['acme'],
      ...(options.totpSecret ? { totp: { secret: options.totpSecret, secrets: api.services.totpSecrets } } : {}),
    });
    return { email, id: created.id };
  }
  const tokenOf = (response: { json: <T>() => T }) => response.json<{ token: string }>().token;
  const setMfa = (token: string, context: string, payload?: Record<string, string> | string) =>
    call(api.app, {
      method: 'POST',
      url: `/${context}/user/setMfa`,
      token,
      headers: { 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload }),
    });
  const secretOf = (uri: string) => new URL(uri).searchParams.get('secret')!;
  const organizations = (token: string, context: string) => call(api.app, { method: 'GET', url: `/${context}/user/organizations`, token });

  async function resetLinkToken(email: string) {
    await call(api.app, { method: 'POST', url: '/forgot-password', payload: { email, language: 'en' } });
    await api.services.background.idle();
    const [mail] = (await readOutbox(api.db, 500)).filter((candidate) => candidate.to === email);
    return Buffer.from(new URL(mail!.links[0]!).searchParams.get('token')!, 'base64').toString('utf8');
  }

  it('answers a user of an MFA-required organisation without TOTP a token that only sets up MFA', async () => {
    const { email } = await user({ contexts: ['vault'] });
    const signIn = await login(api.app, { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['www-authenticate']).toBe('REQUIRED');
    const setupToken = tokenOf(signIn);
    expect(decodeJwt(setupToken)).toMatchObject({ purpose: 'mfa-setup', amr: ['pwd'], contexts: [] });

    const refused = await organizations(setupToken, 'vault');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'mfa_setup_required' });
    expect((await call(api.app, { method: 'GET', url: '/vault/organization/current', token: setupToken })).statusCode).toBe(403);

    const secret = secretOf((await setMfa(setupToken, 'vault')).body);
    const confirmed = await setMfa(setupToken, 'vault', { mfaSecret: secret, challenge: codeAt(secret, currentStep()) });
    expect(confirmed.statusCode).toBe(200);
    const session = tokenOf(confirmed);
    expect(decodeJwt(session)).toMatchObject({ purpose: 'session', amr: ['pwd', 'otp'], contexts: ['vault'] });
    expect((await organizations(session, 'vault')).statusCode).toBe(200);
    // Its work done, the setup token is spent.
    expect((await setMfa(setupToken, 'vault')).statusCode).toBe(401);
  });

  it('answers the setup confirmation of an optional second factor with a full session too', async () => {
    const { email } = await user();
    const signIn = await login(api.app, { email, password: PASSWORD });
    expect(signIn.headers['www-authenticate']).toBe('OPTIONAL');
    expect(decodeJwt(tokenOf(signIn))).toMatchObject({ purpose: 'session', amr: ['pwd'] });
    const secret = secretOf((await setMfa(tokenOf(signIn), 'acme')).body);
    const confirmed = await setMfa(tokenOf(signIn), 'acme', { mfaSecret: secret, challenge: codeAt(secret, currentStep()) });
    expect(confirmed.statusCode).toBe(200);
    expect(decodeJwt(tokenOf(confirmed))).toMatchObject({ purpose: 'session', amr: ['pwd', 'otp'] });
  });

  it('marks a sign-in with a code by amr pwd and otp', async () => {
    const totpSecret = newTotpSecret();
    const { email } = await user({ totpSecret });
    const signIn = await login(api.app, { email, password: PASSWORD, challenge: codeAt(totpSecret, currentStep()) });
    expect(decodeJwt(tokenOf(signIn))).toMatchObject({ purpose: 'session', amr: ['pwd', 'otp'] });
  });

  it('confirms only the latest secret it offered', async () => {
    const { email } = await user();
    const token = tokenOf(await login(api.app, { email, password: PASSWORD }));
    const first = secretOf((await setMfa(token, 'acme')).body);
    const latest = secretOf((await setMfa(token, 'acme')).body);
    expect((await setMfa(token, 'acme', { mfaSecret: first, challenge: codeAt(first, currentStep()) })).statusCode).toBe(400);
    expect((await setMfa(token, 'acme', { mfaSecret: latest, challenge: codeAt(latest, currentStep()) })).statusCode).toBe(200);
  });

  it('refuses a JSON null as setMfa body instead of taking it for a setup', async () => {
    const { email } = await user();
    const token = tokenOf(await login(api.app, { email, password: PASSWORD }));
    const response = await setMfa(token, 'acme', 'null');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('replaces TOTP only with a current code of the secret in force', async () => {
    const oldSecret = newTotpSecret();
    const { email, id } = await user({ totpSecret: oldSecret });
    await awayFromStepBoundary();
    const session = tokenOf(await login(api.app, { email, password: PASSWORD, challenge: codeAt(oldSecret, currentStep() - 1) }));
    const newSecret = secretOf((await setMfa(session, 'acme')).body);
    const confirmation = { mfaSecret: newSecret, challenge: codeAt(newSecret, currentStep()) };

    const withoutCurrent = await setMfa(session, 'acme', confirmation);
    expect(withoutCurrent.statusCode).toBe(400);
    expect(withoutCurrent.json()).toMatchObject({ code: 'current_code_required' });
    const wrongCurrent = await setMfa(session, 'acme', { ...confirmation, currentChallenge: codeAt(newSecret, currentStep()) });
    expect(wrongCurrent.json()).toMatchObject({ code: 'invalid_code' });
    const replaced = await setMfa(session, 'acme', { ...confirmation, currentChallenge: codeAt(oldSecret, currentStep()) });
    expect(replaced.statusCode).toBe(200);
    const [stored] = await api.db.query<{ totp_secret: string }>('SELECT totp_secret FROM users WHERE email = $1', [email]);
    expect(api.services.totpSecrets.open(id, stored!.totp_secret)).toBe(newSecret);
  });

  it('changes the password of a session only with the current password', async () => {
    const { email } = await user();
    const session = tokenOf(await login(api.app, { email, password: PASSWORD }));
    const change = (payload: Record<string, string>) => call(api.app, { method: 'POST', url: '/set-password', token: session, payload });
    const missing = await change({ password: 'Newer-Horse-9', challenge: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed' });
    const wrong = await change({ password: 'Newer-Horse-9', currentPassword: 'Wrong-Horse-9', challenge: '' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
    const right = await change({ password: 'Newer-Horse-9', currentPassword: PASSWORD, challenge: '' });
    expect(right.statusCode).toBe(200);
    expect(decodeJwt(tokenOf(right))).toMatchObject({ purpose: 'session', amr: ['pwd'] });
    expect((await login(api.app, { email, password: 'Newer-Horse-9' })).statusCode).toBe(200);
  });

  it('refuses a current password with a link’s token', async () => {
    const { email } = await user();
    const token = await resetLinkToken(email);
    const response = await call(api.app, { method: 'POST', url: '/set-password', token, payload: { password: 'Newer-Horse-9', currentPassword: PASSWORD } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('lets a reset link set the password of a user with TOTP without a session, so the code is still asked', async () => {
    const totpSecret = newTotpSecret();
    const { email } = await user({ totpSecret });
    const set = await call(api.app, {
      method: 'POST',
      url: '/set-password',
      token: await resetLinkToken(email),
      payload: { password: 'Reset-Horse-9', challenge: '' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ mfa: true });
    const next = await login(api.app, { email, password: 'Reset-Horse-9' });
    expect(next.statusCode).toBe(401);
    expect(next.headers['www-authenticate']).toBe('MFA');
  });

  it('answers a reset link of a user who must set up MFA a token that only sets up MFA', async () => {
    const { email } = await user({ contexts: ['vault'] });
    const set = await call(api.app, {
      method: 'POST',
      url: '/set-password',
      token: await resetLinkToken(email),
      payload: { password: 'Reset-Horse-9', challenge: '' },
    });
    expect(set.statusCode).toBe(200);
    expect(decodeJwt(tokenOf(set))).toMatchObject({ purpose: 'mfa-setup' });
  });

  it('lets a user in no organisation finish MFA setup with the API audience and find no organisation', async () => {
    const email = `alone${++counter}@example.com`;
    const { id } = await createUser(api.db, { email, password: PASSWORD });
    const signIn = await login(api.app, { email, password: PASSWORD });
    expect(signIn.json()).toMatchObject({ context: 'frontdoor' });
    const token = tokenOf(signIn);
    const secret = secretOf((await setMfa(token, 'frontdoor')).body);
    const confirmed = await setMfa(token, 'frontdoor', { mfaSecret: secret, challenge: codeAt(secret, currentStep()) });
    expect(confirmed.statusCode).toBe(200);
    const session = tokenOf(confirmed);
    const list = await organizations(session, 'frontdoor');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({});
    expect((await call(api.app, { method: 'GET', url: `/frontdoor/user/${id}`, token: session })).json()).toMatchObject({ email });
    expect((await call(api.app, { method: 'GET', url: '/frontdoor/organization/current', token: session })).statusCode).toBe(403);
  });
});
