import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { testDatabases } from '../testing/databases';
import { call, freshAddress, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { codeAt, currentStep, newTotpSecret } from '../auth/totp';
import { FREE_FAILURES, accountKey } from '../auth/login-throttle';
import { issueRecoveryCodes } from '../auth/recovery-codes';
import { awayFromStepBoundary } from '../testing/totp';
import { TEST_CLIENT } from '../testing/accounts';

const PASSWORD = 'Correct-Horse-9';
const GROUPED = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

describe.each(testDatabases)('recovery codes in place of the TOTP code, on $name', (target) => {
  let api: Api;
  let counter = 0;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
  });
  afterAll(() => api.close());

  /** A user with TOTP (no step used yet) and a set of recovery codes. */
  async function userWithCodes() {
    const email = `recovery${++counter}@example.com`;
    const secret = newTotpSecret();
    const user = await createUser(api.db, { email, password: PASSWORD, contexts: ['acme'], totp: { secret, secrets: api.services.totpSecrets } });
    const codes = await issueRecoveryCodes(api.db, api.services.recoveryCodes, user.id);
    return { email, secret, userId: user.id, codes };
  }

  const codeStep = (cookie: string, challenge: string) =>
    call(api.app, { method: 'POST', url: '/login/code', payload: { challenge }, remoteAddress: freshAddress(), headers: { cookie } });
  const pendingCookie = (answer: Awaited<ReturnType<typeof login>>) =>
    [answer.headers['set-cookie']]
      .flat()
      .find((cookie) => cookie?.startsWith('frontdoor_pending_sign_in='))!
      .split(';', 1)[0]!;
  const renew = (token: string, challenge: string, remoteAddress = freshAddress()) =>
    call(api.app, { method: 'POST', url: '/acme/user/recoveryCodes', token, payload: { challenge }, remoteAddress });
  const session = (who: { email: string; userId: string }) =>
    api.services.tokens.issueSignIn({
      ...who,
      contexts: ['acme'],
      amr: ['pwd', 'otp'],
      purpose: 'session',
      generation: 0,
      authTime: Math.floor(Date.now() / 1000),
      session: { client: TEST_CLIENT },
    });

  it('gives ten grouped codes with the TOTP confirmation, stores only their keyed hashes, and one signs in once with how many are left', async () => {
    const email = `enrolled${++counter}@example.com`;
    await createUser(api.db, { email, password: PASSWORD, contexts: ['acme'] });
    const token = (await login(api.app, { email, password: PASSWORD })).json<{ token: string }>().token;
    const secret = new URL((await call(api.app, { method: 'POST', url: '/acme/user/setMfa', token })).body).searchParams.get('secret')!;
    const confirmed = await call(api.app, {
      method: 'POST',
      url: '/acme/user/setMfa',
      token,
      payload: { mfaSecret: secret, challenge: codeAt(secret, currentStep()) },
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(GROUPED);
    const stored = (await api.db.query<{ code_hash: string }>('SELECT code_hash FROM recovery_codes')).map((row) => row.code_hash).join(' ');
    for (const code of codes) expect(stored).not.toContain(code.replaceAll('-', ''));

    // Typed in lower case with spaces: the same code.
    const typed = codes[3]!.toLowerCase().replaceAll('-', ' ');
    const signedIn = await login(api.app, { email, password: PASSWORD, challenge: typed });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ context: 'acme', recoveryCodesLeft: 9 });
    const again = await login(api.app, { email, password: PASSWORD, challenge: codes[3]! });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'invalid_code' });
  });

  it('completes a pending sign-in with a recovery code once, and refuses the used code on the next sign-in', async () => {
    const { email, codes } = await userWithCodes();
    const cookie = pendingCookie(await login(api.app, { email, password: PASSWORD }));
    const signedIn = await codeStep(cookie, codes[0]!);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ recoveryCodesLeft: 9 });
    const next = pendingCookie(await login(api.app, { email, password: PASSWORD }));
    const refused = await codeStep(next, codes[0]!);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalid_code' });
  });

  it('lets only one of two sign-ins at once use the same code', async () => {
    const { email, codes } = await userWithCodes();
    const answers = await Promise.all([1, 2].map(() => login(api.app, { email, password: PASSWORD, challenge: codes[1]! }, freshAddress())));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('answers no recoveryCodesLeft after a TOTP code', async () => {
    const { email, secret } = await userWithCodes();
    await awayFromStepBoundary();
    const signedIn = await login(api.app, { email, password: PASSWORD, challenge: codeAt(secret, currentStep()) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).not.toHaveProperty('recoveryCodesLeft');
  });

  it('counts a wrong recovery code as a failed sign-in, like a wrong TOTP code', async () => {
    const { email } = await userWithCodes();
    const address = freshAddress();
    for (let attempt = 0; attempt < FREE_FAILURES; attempt += 1) {
      const refused = await login(api.app, { email, password: PASSWORD, challenge: 'ABCD-EFGH-JKLM' }, address);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'invalid_code' });
    }
    expect(await api.db.query('SELECT count FROM rate_counters WHERE key = $1', [accountKey(email)])).toEqual([{ count: FREE_FAILURES }]);
    expect((await login(api.app, { email, password: PASSWORD, challenge: 'ABCD-EFGH-JKLM' }, address)).statusCode).toBe(429);
  });

  /**
   * A new secret offered to the token's user and confirmed with a code of it (the previous step's, so the
   * current one still signs in); the old code only when given.
   */
  async function replaceSecret(token: string, currentChallenge?: string) {
    const secret = new URL((await call(api.app, { method: 'POST', url: '/acme/user/setMfa', token })).body).searchParams.get('secret')!;
    const payload = { mfaSecret: secret, challenge: codeAt(secret, currentStep() - 1), ...(currentChallenge === undefined ? {} : { currentChallenge }) };
    return { secret, answer: await call(api.app, { method: 'POST', url: '/acme/user/setMfa', token, payload }) };
  }

  it('lets a recovery-code sign-in set up a new authenticator without a code of the lost one, and the new one signs in', async () => {
    const who = await userWithCodes();
    await awayFromStepBoundary();
    const recovered = await login(api.app, { email: who.email, password: PASSWORD, challenge: who.codes[0]! });
    const token = recovered.json<{ token: string }>().token;
    expect(decodeJwt(token).amr).toEqual(['pwd', 'otp', 'rec']);
    const { secret, answer } = await replaceSecret(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
    expect(decodeJwt(answer.json<{ token: string }>().token).amr).toEqual(['pwd', 'otp']);
    await awayFromStepBoundary();
    expect((await login(api.app, { email: who.email, password: PASSWORD, challenge: codeAt(who.secret, currentStep()) })).statusCode).toBe(401);
    expect((await login(api.app, { email: who.email, password: PASSWORD, challenge: codeAt(secret, currentStep()) })).statusCode).toBe(200);
  });

  it('asks the old code of a password and TOTP session, and refuses a recovery session older than ten minutes', async () => {
    const who = await userWithCodes();
    expect((await replaceSecret(await session(who))).answer.json()).toMatchObject({ code: 'current_code_required' });
    const stale = await api.services.tokens.issueSignIn({
      ...who,
      contexts: ['acme'],
      amr: ['pwd', 'otp', 'rec'],
      purpose: 'session',
      generation: 0,
      authTime: Math.floor(Date.now() / 1000) - 11 * 60,
      session: { client: TEST_CLIENT },
    });
    const refused = await call(api.app, { method: 'POST', url: '/acme/user/setMfa', token: stale });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'recent_sign_in_required' });
  });

  it('renews the set with a current TOTP code: the old codes stop working and the new ones work', async () => {
    const who = await userWithCodes();
    await awayFromStepBoundary();
    const renewed = await renew(await session(who), codeAt(who.secret, currentStep()));
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => who.codes.includes(code))).toEqual([]);
    expect((await login(api.app, { email: who.email, password: PASSWORD, challenge: who.codes[0]! })).statusCode).toBe(401);
    const signedIn = await login(api.app, { email: who.email, password: PASSWORD, challenge: fresh[0]! });
    expect(signedIn.json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('refuses renewal with a wrong or used TOTP code (counted as a failed sign-in), without TOTP, and without a session', async () => {
    const who = await userWithCodes();
    const token = await session(who);
    const address = freshAddress();
    const wrong = await renew(token, codeAt(who.secret, currentStep() + 10), address);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_code' });
    expect(await api.db.query('SELECT count FROM rate_counters WHERE key LIKE $1', [`${accountKey(who.email)}%`])).toEqual([{ count: 1 }]);
    await awayFromStepBoundary();
    expect((await renew(token, codeAt(who.secret, currentStep()))).statusCode).toBe(200);
    expect((await renew(token, codeAt(who.secret, currentStep()))).json()).toMatchObject({ code: 'invalid_code' });

    const email = `nototp${++counter}@example.com`;
    const plain = await createUser(api.db, { email, password: PASSWORD, contexts: ['acme'] });
    const refused = await renew(await session({ email, userId: plain.id }), '123456');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'totp_required' });
    expect((await call(api.app, { method: 'POST', url: '/acme/user/recoveryCodes', payload: { challenge: '123456' } })).statusCode).toBe(401);
  });
});
