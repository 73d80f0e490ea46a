import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { testDatabases } from '../testing/databases';
import { call, freshAddress, login, openApi, type Api } from '../testing/api';
import { softwareAuthenticator } from '../testing/webauthn';
import { awayFromStepBoundary, nextStep } from '../testing/totp';
import { createOrganization, createUser } from '../admin/operations';
import { removePasskey } from '../auth/passkey-registration';
import { accountOf, sessionSignedIn } from '../testing/accounts';
import { codeAt, currentStep } from '../auth/totp';
import { issueRecoveryCodes } from '../auth/recovery-codes';
import { relyingParty } from '../auth/relying-party';
import { readOutbox } from '../mail/mail-queue';

const PASSWORD = 'Correct-Horse-9';

/**
 * Someone who learnt an account's password and one of its recovery codes, and what the owner does
 * about it: each finding of the review, written as the attack.
 */
describe.each(testDatabases)('a stolen factor never becomes a permanent key, on $name', (target) => {
  let api: Api;
  let counter = 0;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
  });
  afterAll(() => api.close());

  /** An owner with a password, TOTP and ten recovery codes. */
  async function owner() {
    const account = await accountOf(api, { email: `owner${++counter}@example.com`, password: PASSWORD, context: 'acme' });
    return { ...account, codes: account.recoveryCodes };
  }
  const tokenOf = (answer: { json: <T>() => T }) => answer.json<{ token: string }>().token;
  const signInWithCode = async (email: string, challenge: string, password = PASSWORD) => login(api.app, { email, password, challenge });
  const setMfa = (token: string, payload?: Record<string, string>) =>
    call(api.app, { method: 'POST', url: '/acme/user/setMfa', token, ...(payload ? { payload } : {}) });

  /** Offers a new secret to the token's user and confirms it with a code of it (the previous step's, so the current one still signs in). */
  async function replaceTotp(token: string, currentChallenge?: string) {
    const offer = await setMfa(token);
    if (offer.statusCode !== 200) return { offer, secret: undefined, answer: offer };
    const secret = new URL(offer.body).searchParams.get('secret')!;
    const answer = await setMfa(token, { mfaSecret: secret, challenge: codeAt(secret, currentStep() - 1), ...(currentChallenge ? { currentChallenge } : {}) });
    return { offer, secret, answer };
  }

  async function addPasskey(token: string, name?: string) {
    const authenticator = softwareAuthenticator(relyingParty(api.services.config));
    const options = await call(api.app, { method: 'POST', url: '/acme/user/passkeys/options', token });
    if (options.statusCode !== 200) return { authenticator, answer: options };
    const response = authenticator.register(options.json<{ challenge: string; user: { id: string } }>());
    const answer = await call(api.app, { method: 'POST', url: '/acme/user/passkeys', token, payload: { response, ...(name === undefined ? {} : { name }) } });
    return { authenticator, answer };
  }

  async function signInWithPasskey(authenticator: ReturnType<typeof softwareAuthenticator>) {
    const options = await call(api.app, { method: 'POST', url: '/passkeys/sign-in/options', payload: {} });
    return call(api.app, {
      method: 'POST',
      url: '/passkeys/sign-in',
      payload: { response: authenticator.authenticate(options.json<{ challenge: string }>()) },
    });
  }

  /** The mails the owner received, oldest first, once the queue has sent what is due. */
  async function mailsTo(email: string) {
    await api.services.background.idle();
    await api.services.mail.drain();
    return (await readOutbox(api.db, 1000)).filter((mail) => mail.to === email).reverse();
  }

  async function resetPassword(email: string, password: string) {
    await call(api.app, { method: 'POST', url: '/forgot-password', payload: { email, language: 'en' } });
    const mail = (await mailsTo(email)).at(-1)!;
    const token = Buffer.from(new URL(mail.links[0]!).searchParams.get('token')!, 'base64').toString('utf8');
    return call(api.app, { method: 'POST', url: '/set-password', token, payload: { password, challenge: '' } });
  }

  const sessionAlive = async (token: string) => (await call(api.app, { method: 'GET', url: '/acme/user/organizations', token })).statusCode === 200;

  it('refuses a passkey to a recovery-code sign-in', async () => {
    const who = await owner();
    const thief = tokenOf(await signInWithCode(who.email, who.codes[0]!));
    expect(decodeJwt(thief).amr).toEqual(['pwd', 'otp', 'rec']);
    const { answer } = await addPasskey(thief);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'recent_sign_in_required' });
  });

  it("ends the thief's passkey and authenticator with the owner's reset by the mailed link", async () => {
    const who = await owner();
    // The thief replaces the authenticator with a recovery code, signs in with it and adds a passkey.
    const recovered = tokenOf(await signInWithCode(who.email, who.codes[0]!));
    const replaced = await replaceTotp(recovered);
    expect(replaced.answer.statusCode).toBe(200);
    // The session the replacement answers stands on the recovery code: still no passkey from it.
    expect((await addPasskey(tokenOf(replaced.answer))).answer.statusCode).toBe(403);
    // A person signs in again a moment later (sign-in times count whole seconds).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await awayFromStepBoundary();
    const thief = tokenOf(await signInWithCode(who.email, codeAt(replaced.secret!, currentStep())));
    const { authenticator, answer } = await addPasskey(thief);
    expect(answer.statusCode).toBe(201);
    expect((await signInWithPasskey(authenticator)).statusCode).toBe(200);

    const reset = await resetPassword(who.email, 'Owner-Takes-Back-7');
    expect(reset.statusCode).toBe(200);
    // The authenticator the recovery code put there is gone: the owner is in with the new password.
    expect(decodeJwt(tokenOf(reset))).toMatchObject({ purpose: 'session', amr: ['pwd'] });
    expect((await signInWithPasskey(authenticator)).json()).toMatchObject({ code: 'passkey_rejected' });
    expect(await sessionAlive(thief)).toBe(false);
    expect((await login(api.app, { email: who.email, password: 'Owner-Takes-Back-7' })).statusCode).toBe(200);
  });

  it('marks an authenticator a recovery code put in place through a replacement with its own code, and the owner’s reset removes it', async () => {
    const who = await owner();
    const recovered = tokenOf(await signInWithCode(who.email, who.codes[0]!));
    const first = await replaceTotp(recovered);
    expect(first.answer.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await awayFromStepBoundary();
    const thief = tokenOf(await signInWithCode(who.email, codeAt(first.secret!, currentStep())));
    // The code of the step the sign-in took is spent: the replacement proves the next one.
    await nextStep();
    const second = await replaceTotp(thief, codeAt(first.secret!, currentStep()));
    expect(second.answer.statusCode).toBe(200);

    // The reset answers a session at once: the thief's authenticator is gone, the owner sets up their own.
    const reset = await resetPassword(who.email, 'Owner-Takes-Back-8');
    expect(decodeJwt(tokenOf(reset))).toMatchObject({ amr: ['pwd'] });
    expect(await api.db.query('SELECT totp_secret FROM users WHERE id = $1', [who.userId])).toEqual([{ totp_secret: null }]);
  }, 90_000); // Up to a TOTP step of waiting.

  it('changes nothing for a session that ended while its request was on the way', async () => {
    const who = await owner();
    await awayFromStepBoundary();
    const token = tokenOf(await signInWithCode(who.email, codeAt(who.secret, currentStep())));
    const { authenticator } = await addPasskey(token);
    const session = await api.services.tokens.verifySessionUser(token);
    // A password change elsewhere ends it now.
    await api.db.query('UPDATE users SET session_generation = session_generation + 1 WHERE id = $1', [who.userId]);
    await expect(removePasskey(api.services, { session, clientAddress: freshAddress() }, authenticator.id)).rejects.toThrow('The session has ended.');
    expect(await api.db.query('SELECT 1 FROM passkeys WHERE id = $1', [authenticator.id])).toHaveLength(1);
  });

  it('signs in with a password set before new passwords refused control characters', async () => {
    const email = `tab${++counter}@example.com`;
    await createUser(api.db, { email, password: 'Tab\tPassword-1', contexts: ['acme'] });
    expect((await login(api.app, { email, password: 'Tab\tPassword-1' })).statusCode).toBe(200);
  });

  it('keeps the owner’s own authenticator through a reset, and asks its code', async () => {
    const who = await owner();
    const reset = await resetPassword(who.email, 'Owner-Forgot-It-7');
    expect(reset.json()).toEqual({ mfa: true });
    await awayFromStepBoundary();
    expect((await signInWithCode(who.email, codeAt(who.secret, currentStep()), 'Owner-Forgot-It-7')).statusCode).toBe(200);
  });

  it("refuses a same-password change, and a different one keeps the session's auth_time and amr", async () => {
    const who = await owner();
    const stale = await sessionSignedIn(api, who, 3600);
    const change = (password: string) =>
      call(api.app, { method: 'POST', url: '/set-password', token: stale, payload: { password, currentPassword: PASSWORD, challenge: '' } });
    const same = await change(PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'password_unchanged' });

    const changed = await change('Another-Horse-8');
    expect(changed.statusCode).toBe(200);
    const renewed = tokenOf(changed);
    expect(decodeJwt(renewed)).toMatchObject({ amr: ['pwd', 'otp'], auth_time: decodeJwt(stale).auth_time });
    // Still an old sign-in: no passkey, no new authenticator.
    expect((await addPasskey(renewed)).answer.statusCode).toBe(403);
    expect((await setMfa(renewed)).json()).toMatchObject({ code: 'recent_sign_in_required' });
  });

  it('lets one recovery-code session replace the authenticator once, and the replacement ends every other session', async () => {
    const who = await owner();
    const other = tokenOf(await signInWithCode(who.email, who.codes[1]!));
    const recovered = tokenOf(await signInWithCode(who.email, who.codes[0]!));
    const first = await replaceTotp(recovered);
    expect(first.answer.statusCode).toBe(200);
    expect(decodeJwt(tokenOf(first.answer)).amr).toEqual(['pwd', 'otp']);

    const again = await setMfa(recovered);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'invalid_token' });
    expect(await sessionAlive(other)).toBe(false);
    expect(await sessionAlive(tokenOf(first.answer))).toBe(true);
  });

  it('refuses removing a passkey and starting a replacement to a session older than ten minutes', async () => {
    const who = await owner();
    await awayFromStepBoundary();
    const fresh = tokenOf(await signInWithCode(who.email, codeAt(who.secret, currentStep())));
    const { authenticator } = await addPasskey(fresh);
    const stale = await sessionSignedIn(api, who, 11 * 60);
    const removed = await call(api.app, { method: 'DELETE', url: `/acme/user/passkeys/${authenticator.id}`, token: stale });
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toMatchObject({ code: 'recent_sign_in_required' });
    const offer = await setMfa(stale);
    expect(offer.statusCode).toBe(403);
    expect(offer.json()).toMatchObject({ code: 'recent_sign_in_required' });
    // Nothing changed: the passkey signs in, no secret waits to be confirmed.
    expect((await signInWithPasskey(authenticator)).statusCode).toBe(200);
    expect((await api.db.query('SELECT totp_pending_secret FROM users WHERE id = $1', [who.userId]))[0]).toEqual({ totp_pending_secret: null });
  });

  it('spends one recovery code when several are sent at once to one pending sign-in', async () => {
    const who = await owner();
    const pending = await login(api.app, { email: who.email, password: PASSWORD });
    const cookie = [pending.headers['set-cookie']]
      .flat()
      .find((value) => value?.startsWith('frontdoor_pending_sign_in='))!
      .split(';', 1)[0]!;
    const answers = await Promise.all(
      who.codes
        .slice(0, 8)
        .map((challenge) => call(api.app, { method: 'POST', url: '/login/code', payload: { challenge }, headers: { cookie }, remoteAddress: freshAddress() })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const left = await api.db.query('SELECT count(*)::int AS left FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [who.userId]);
    expect(left).toEqual([{ left: 9 }]);
  });

  it('leaves one valid set of recovery codes after two renewals at once', async () => {
    const who = await owner();
    const renewals = await Promise.all([1, 2].map(() => api.db.transaction((tx) => issueRecoveryCodes(tx, api.services.recoveryCodes, who.userId))));
    const rows = await api.db.query<{ code_hash: string }>('SELECT code_hash FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [who.userId]);
    expect(rows).toHaveLength(10);
    const kept = new Set(rows.map((row) => row.code_hash));
    const setOf = (codes: string[]) => codes.map((code) => api.services.recoveryCodes.hash(who.userId, code));
    expect(renewals.filter((codes) => setOf(codes).every((hash) => kept.has(hash)))).toHaveLength(1);
  });

  it.each([
    ['a NUL', 'Phone\u0000'],
    ['a line break', 'Phone\nBcc: x@example.com'],
    ['a C1 control', 'Phone\u0085'],
    ['a line separator', 'Phone\u2028'],
  ])('answers 400 to a passkey name with %s, and the challenge stays usable', async (_kind, name) => {
    const who = await owner();
    await awayFromStepBoundary();
    const token = tokenOf(await signInWithCode(who.email, codeAt(who.secret, currentStep())));
    const authenticator = softwareAuthenticator(relyingParty(api.services.config));
    const options = (await call(api.app, { method: 'POST', url: '/acme/user/passkeys/options', token })).json<{ challenge: string; user: { id: string } }>();
    const response = authenticator.register(options);
    const refused = await call(api.app, { method: 'POST', url: '/acme/user/passkeys', token, payload: { response, name } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_failed' });
    expect((await call(api.app, { method: 'POST', url: '/acme/user/passkeys', token, payload: { response, name: 'Phone' } })).statusCode).toBe(201);
  });

  it.each([
    ['register', { method: 'POST', url: '/register', payload: { email: 'ada\u0000@example.com', language: 'en' } }],
    ['client errors', { method: 'POST', url: '/client-errors', payload: { message: 'login failed\r\nforged line', screen: '/login' } }],
  ] as const)('answers 400 to a control character in the free text of %s', async (_operation, request) => {
    const answer = await call(api.app, { ...request, payload: { ...request.payload } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('answers 400 to a control character in a new password, and the reset link stays usable', async () => {
    const who = await owner();
    await call(api.app, { method: 'POST', url: '/forgot-password', payload: { email: who.email, language: 'en' } });
    const mail = (await mailsTo(who.email)).at(-1)!;
    const token = Buffer.from(new URL(mail.links[0]!).searchParams.get('token')!, 'base64').toString('utf8');
    const refused = await call(api.app, { method: 'POST', url: '/set-password', token, payload: { password: 'Correct-Horse-9\u0007', challenge: '' } });
    expect(refused.statusCode).toBe(400);
    expect((await call(api.app, { method: 'POST', url: '/set-password', token, payload: { password: 'Correct-Horse-10', challenge: '' } })).statusCode).toBe(
      200,
    );
  });

  it('stores nothing for the options of a passkey sign-in, and a challenge signs in once', async () => {
    const who = await owner();
    await awayFromStepBoundary();
    const token = tokenOf(await signInWithCode(who.email, codeAt(who.secret, currentStep())));
    const { authenticator } = await addPasskey(token);
    const count = async () =>
      (await api.db.query<{ n: number }>('SELECT (SELECT count(*) FROM webauthn_challenges) + (SELECT count(*) FROM spent_passkey_challenges) AS n'))[0]!.n;
    const before = Number(await count());
    const options = await call(api.app, { method: 'POST', url: '/passkeys/sign-in/options', payload: { email: who.email } });
    for (let index = 0; index < 20; index += 1) await call(api.app, { method: 'POST', url: '/passkeys/sign-in/options', payload: {} });
    expect(Number(await count())).toBe(before);

    const answer = authenticator.authenticate(options.json<{ challenge: string }>());
    expect((await call(api.app, { method: 'POST', url: '/passkeys/sign-in', payload: { response: answer } })).statusCode).toBe(200);
    const replay = authenticator.authenticate(options.json<{ challenge: string }>());
    expect((await call(api.app, { method: 'POST', url: '/passkeys/sign-in', payload: { response: replay } })).json()).toMatchObject({
      code: 'passkey_rejected',
    });
  });

  it('refuses a challenge the server did not sign, or one changed on the way', async () => {
    const who = await owner();
    await awayFromStepBoundary();
    const token = tokenOf(await signInWithCode(who.email, codeAt(who.secret, currentStep())));
    const { authenticator } = await addPasskey(token);
    const options = (await call(api.app, { method: 'POST', url: '/passkeys/sign-in/options', payload: {} })).json<{ challenge: string }>();
    const bytes = Buffer.from(options.challenge, 'base64url');
    bytes[5] = bytes[5]! ^ 1;
    for (const challenge of [bytes.toString('base64url'), Buffer.alloc(32, 7).toString('base64url')]) {
      const answer = await call(api.app, { method: 'POST', url: '/passkeys/sign-in', payload: { response: authenticator.authenticate({ challenge }) } });
      expect(answer.json()).toMatchObject({ code: 'passkey_rejected' });
    }
  });
});
