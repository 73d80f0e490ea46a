import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { codeAt, currentStep } from '../auth/totp';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabases)('setting up TOTP on $name', (target) => {
  let api: Api;
  let counter = 0;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createOrganization(api.db, { context: 'other', name: 'Other' });
  });
  afterAll(() => api.close());

  async function session() {
    const email = `mfa${++counter}@example.com`;
    await createUser(api.db, { email, password: PASSWORD, contexts: ['acme'] });
    const token = (await login(api.app, { email, password: PASSWORD })).json<{ token: string }>().token;
    return { email, token };
  }
  const setMfa = (token: string, payload?: Record<string, string>, context = 'acme') =>
    call(api.app, {
      method: 'POST',
      url: `/${context}/user/setMfa`,
      token,
      headers: { 'content-type': 'application/json' },
      ...(payload ? { payload } : {}),
    });
  const secretOf = (uri: string) => new URL(uri).searchParams.get('secret')!;

  it('answers an empty body with an otpauth URI naming the issuer and the account', async () => {
    const { email, token } = await session();
    const response = await setMfa(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const uri = new URL(response.body);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Frontdoor:${email}`);
    expect(uri.searchParams.get('issuer')).toBe('Frontdoor');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });

  it('makes secrets of 160 random bits, a new one each time', async () => {
    const { token } = await session();
    const first = secretOf((await setMfa(token)).body);
    const second = secretOf((await setMfa(token)).body);
    expect(first).toMatch(/^[A-Z2-7]{32}$/); // 32 base32 characters = 160 bits
    expect(second).not.toBe(first);
  });

  it('enables TOTP with a valid code, after which sign-in asks for a code', async () => {
    const { email, token } = await session();
    const secret = secretOf((await setMfa(token)).body);
    const confirm = await setMfa(token, { mfaSecret: secret, challenge: codeAt(secret, currentStep()) });
    expect(confirm.statusCode).toBe(200);
    const next = await login(api.app, { email, password: PASSWORD });
    expect(next.statusCode).toBe(401);
    expect(next.headers['www-authenticate']).toBe('MFA');
  });

  it('counts the confirming code as used', async () => {
    const { email, token } = await session();
    const secret = secretOf((await setMfa(token)).body);
    const challenge = codeAt(secret, currentStep());
    await setMfa(token, { mfaSecret: secret, challenge });
    expect((await login(api.app, { email, password: PASSWORD, challenge })).statusCode).toBe(401);
  });

  it('refuses a wrong code, and a secret other than the one it offered', async () => {
    const { token } = await session();
    const secret = secretOf((await setMfa(token)).body);
    const wrong = await setMfa(token, { mfaSecret: secret, challenge: codeAt(secret, currentStep() - 3) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_code' });
    const foreign = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    expect((await setMfa(token, { mfaSecret: foreign, challenge: codeAt(foreign, currentStep()) })).statusCode).toBe(400);
  });

  it('refuses a context the session does not reach, and a call without a session', async () => {
    const { token } = await session();
    expect((await setMfa(token, undefined, 'other')).statusCode).toBe(403);
    const anonymous = await call(api.app, { method: 'POST', url: '/acme/user/setMfa', headers: { 'content-type': 'application/json' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an empty JSON object as a confirmation', async () => {
    const { token } = await session();
    expect((await setMfa(token, {})).statusCode).toBe(400);
  });
});
