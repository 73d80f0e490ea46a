import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { testDatabases } from '../testing/databases';
import { call, freshAddress, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { codeAt, currentStep, newTotpSecret } from '../auth/totp';
import { RECENT_SIGN_IN_SECONDS } from '../auth/factor-changes';
import { awayFromStepBoundary } from '../testing/totp';
import type { AuthMethod } from '../auth/tokens';
import { TEST_CLIENT } from '../testing/accounts';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabases)('a second factor enrolled only by its owner, on $name', (target) => {
  let api: Api;
  let counter = 0;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createOrganization(api.db, { context: 'globex', name: 'Globex', ssoMode: 'LOGIN_SAML' });
  });
  afterAll(() => api.close());

  async function user(totpSecret?: string) {
    const email = `enrol${++counter}@example.com`;
    const created = await createUser(api.db, {
      email,
      password: PASSWORD,
      contexts: ['acme', 'globex'],
      ...(totpSecret ? { totp: { secret: totpSecret, secrets: api.services.totpSecrets } } : {}),
    });
    return { email, userId: created.id };
  }
  /** A session as the server issues it, proved by `amr` at `authTime` (the SAML consumer and login issue these). */
  const session = (who: { email: string; userId: string }, amr: AuthMethod[], authTime: number, contexts = ['acme']) =>
    api.services.tokens.issueSignIn({ ...who, contexts, amr, purpose: 'session', generation: 0, authTime, session: { client: TEST_CLIENT } });
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const setMfa = (token: string, payload?: Record<string, string>, context = 'acme', remoteAddress = freshAddress()) =>
    call(api.app, { method: 'POST', url: `/${context}/user/setMfa`, token, remoteAddress, ...(payload ? { payload } : {}) });
  const secretOf = (uri: string) => new URL(uri).searchParams.get('secret')!;

  it('enrols the first TOTP with a session whose password was proved just now', async () => {
    const { email } = await user();
    const token = (await login(api.app, { email, password: PASSWORD })).json<{ token: string }>().token;
    expect(decodeJwt(token).auth_time).toBeGreaterThan(nowSeconds() - 5);
    const secret = secretOf((await setMfa(token)).body);
    expect((await setMfa(token, { mfaSecret: secret, challenge: codeAt(secret, currentStep()) })).statusCode).toBe(200);
  });

  it('answers 403 recent_password_required to a session whose password is older than 10 minutes, for the secret and for its confirmation', async () => {
    const who = await user();
    const fresh = await session(who, ['pwd'], nowSeconds());
    const secret = secretOf((await setMfa(fresh)).body);
    const stale = await session(who, ['pwd'], nowSeconds() - RECENT_SIGN_IN_SECONDS - 1);
    const offer = await setMfa(stale);
    expect(offer.statusCode).toBe(403);
    expect(offer.json()).toMatchObject({ code: 'recent_password_required' });
    const confirm = await setMfa(stale, { mfaSecret: secret, challenge: codeAt(secret, currentStep()) });
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json()).toMatchObject({ code: 'recent_password_required' });
    const stored = await api.db.query<{ totp_secret: string | null }>('SELECT totp_secret FROM users WHERE id = $1', [who.userId]);
    expect(stored[0]!.totp_secret).toBeNull();
  });

  it('keeps the password time through the session MFA setup answers, so a stale one cannot reissue itself fresh', async () => {
    const who = await user();
    const authTime = nowSeconds() - 60;
    const token = await session(who, ['pwd'], authTime);
    const secret = secretOf((await setMfa(token)).body);
    const confirmed = await setMfa(token, { mfaSecret: secret, challenge: codeAt(secret, currentStep()) });
    expect(decodeJwt(confirmed.json<{ token: string }>().token)).toMatchObject({ auth_time: authTime, amr: ['pwd', 'otp'] });
  });

  it('answers 403 mfa_managed_by_identity_provider to a SAML session, however recent', async () => {
    const who = await user();
    const saml = await session(who, ['saml'], nowSeconds(), ['globex']);
    const offer = await setMfa(saml, undefined, 'globex');
    expect(offer.statusCode).toBe(403);
    expect(offer.json()).toMatchObject({ code: 'mfa_managed_by_identity_provider' });
  });

  it('counts wrong current codes when replacing TOTP as failed sign-ins of the e-mail', async () => {
    const totpSecret = newTotpSecret();
    const { email } = await user(totpSecret);
    const office = freshAddress();
    await awayFromStepBoundary(5000);
    const token = (await login(api.app, { email, password: PASSWORD, challenge: codeAt(totpSecret, currentStep()) }, office)).json<{ token: string }>().token;
    const next = secretOf((await setMfa(token, undefined, 'acme', office)).body);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await setMfa(
        token,
        { mfaSecret: next, challenge: codeAt(next, currentStep()), currentChallenge: codeAt(totpSecret, currentStep() - 5) },
        'acme',
        office,
      );
      expect(wrong.statusCode).toBe(400);
    }
    expect(
      (
        await setMfa(
          token,
          { mfaSecret: next, challenge: codeAt(next, currentStep()), currentChallenge: codeAt(totpSecret, currentStep() - 5) },
          'acme',
          office,
        )
      ).statusCode,
    ).toBe(429);
    expect((await login(api.app, { email, password: PASSWORD }, office)).statusCode).toBe(429);
  });
});
