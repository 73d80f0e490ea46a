import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, freshAddress, login, openApi, type Api } from '../testing/api';
import { softwareAuthenticator } from '../testing/webauthn';
import { awayFromStepBoundary } from '../testing/totp';
import { createOrganization } from '../admin/operations';
import { accountOf } from '../testing/accounts';
import { codeAt, currentStep } from '../auth/totp';
import { relyingParty } from '../auth/relying-party';
import { LIMITS, limitKey } from '../auth/rate-limit';
import { mailboxKey } from '../mail/mailbox';
import { readOutbox, type OutboxMail } from '../mail/mail-queue';
import type { Language } from '../../rules/languages';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabases)('the owner hears of every change to how the account signs in, on $name', (target) => {
  let api: Api;
  let counter = 0;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
  });
  afterAll(() => api.close());

  async function owner(options: { totp?: boolean; language?: Language } = {}) {
    const account = await accountOf(api, { email: `alerted${++counter}@example.com`, password: PASSWORD, context: 'acme', ...options });
    return { ...account, codes: account.recoveryCodes };
  }
  const tokenOf = (answer: { json: <T>() => T }) => answer.json<{ token: string }>().token;
  /** A sign-in with the password and the previous step's code, which leaves the current one unused. */
  const fullSignIn = async (who: { email: string; secret: string }) => {
    await awayFromStepBoundary();
    return tokenOf(await login(api.app, { email: who.email, password: PASSWORD, challenge: codeAt(who.secret, currentStep() - 1) }));
  };
  const setMfa = (token: string, payload?: Record<string, string>) =>
    call(api.app, { method: 'POST', url: '/acme/user/setMfa', token, ...(payload ? { payload } : {}) });

  async function addPasskey(token: string, name: string) {
    const authenticator = softwareAuthenticator(relyingParty(api.services.config));
    const options = (await call(api.app, { method: 'POST', url: '/acme/user/passkeys/options', token })).json<{ challenge: string; user: { id: string } }>();
    const answer = await call(api.app, { method: 'POST', url: '/acme/user/passkeys', token, payload: { response: authenticator.register(options), name } });
    expect(answer.statusCode).toBe(201);
    return authenticator;
  }
  async function signInWithPasskey(authenticator: ReturnType<typeof softwareAuthenticator>) {
    const options = (await call(api.app, { method: 'POST', url: '/passkeys/sign-in/options', payload: {} })).json<{ challenge: string }>();
    return call(api.app, { method: 'POST', url: '/passkeys/sign-in', payload: { response: authenticator.authenticate(options) } });
  }

  /** The owner's mails, oldest first, once the queue has sent what is due. */
  async function mailsTo(email: string): Promise<OutboxMail[]> {
    await api.services.background.idle();
    await api.services.mail.drain();
    return (await readOutbox(api.db, 1000)).filter((mail) => mail.to === email).reverse();
  }
  const notMeToken = (mail: OutboxMail) => new URL(mail.links.find((link) => new URL(link).pathname === '/secure-account')!).searchParams.get('token')!;
  const secure = (token: string) => call(api.app, { method: 'POST', url: '/secure-account', payload: { token } });
  const alive = async (token: string) => (await call(api.app, { method: 'GET', url: '/acme/user/organizations', token })).statusCode === 200;

  /** Says what happened, links "This wasn't me" and holds no secret. */
  function expectAlert(mail: OutboxMail | undefined, subject: string, secrets: string[] = []) {
    expect(mail?.subject).toBe(subject);
    expect(mail!.links).toHaveLength(1);
    expect(mail!.links[0]).toMatch(/^https:\/\/auth\.example\.test\/secure-account\?token=[\w-]{43}&locale=en$/);
    expect(mail!.text).toContain("This wasn't me");
    for (const secret of secrets) {
      expect(mail!.text).not.toContain(secret);
      expect(mail!.html).not.toContain(secret);
    }
  }

  it('mails a passkey added and a passkey removed, saying when and nothing its author chose', async () => {
    const who = await owner();
    const token = await fullSignIn(who);
    const authenticator = await addPasskey(token, 'Click https://evil.example now');
    const [added] = await mailsTo(who.email);
    expectAlert(added, 'A passkey was added to your account', ['Click https://evil.example now']);
    expect(added!.text).toMatch(/A passkey was added to your account on \w+ \d+, \d{4} at \d+:\d\d [AP]M UTC\./);

    expect((await call(api.app, { method: 'DELETE', url: `/acme/user/passkeys/${authenticator.id}`, token })).statusCode).toBe(204);
    const [, removed] = await mailsTo(who.email);
    expectAlert(removed, 'A passkey was removed from your account', ['Click https://evil.example now']);
  });

  it('mails TOTP set up and TOTP replaced, without the secret or the recovery codes', async () => {
    const who = await owner({ totp: false });
    const token = tokenOf(await login(api.app, { email: who.email, password: PASSWORD }));
    const secret = new URL((await setMfa(token)).body).searchParams.get('secret')!;
    const enabled = await setMfa(token, { mfaSecret: secret, challenge: codeAt(secret, currentStep() - 1) });
    const codes = enabled.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expectAlert((await mailsTo(who.email))[0], 'Two-step verification was turned on', [secret, ...codes]);

    const session = tokenOf(enabled);
    const next = new URL((await setMfa(session)).body).searchParams.get('secret')!;
    await awayFromStepBoundary();
    const replaced = await setMfa(session, { mfaSecret: next, challenge: codeAt(next, currentStep()), currentChallenge: codeAt(secret, currentStep()) });
    expect(replaced.statusCode).toBe(200);
    expectAlert((await mailsTo(who.email))[1], 'Your authenticator app was replaced', [next, ...replaced.json<{ recoveryCodes: string[] }>().recoveryCodes]);
  });

  it('mails recovery codes renewed, and a recovery code used with how many are left', async () => {
    const who = await owner();
    const token = await fullSignIn(who);
    const renewed = await call(api.app, { method: 'POST', url: '/acme/user/recoveryCodes', token, payload: { challenge: codeAt(who.secret, currentStep()) } });
    expect(renewed.statusCode).toBe(200);
    const codes = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expectAlert((await mailsTo(who.email))[0], 'New recovery codes were made', codes);

    expect((await login(api.app, { email: who.email, password: PASSWORD, challenge: codes[4]! })).statusCode).toBe(200);
    const used = (await mailsTo(who.email))[1];
    expectAlert(used, 'A recovery code was used to sign in', [codes[4]!]);
    expect(used!.text).toContain('Recovery codes left: 9.');
  });

  it("writes in the owner's language", async () => {
    const who = await owner({ language: 'de' });
    await addPasskey(await fullSignIn(who), 'Laptop');
    const [mail] = await mailsTo(who.email);
    expect(mail!.subject).toBe('Ihrem Konto wurde ein Passkey hinzugefügt');
    expect(mail!.text).toContain('Das war ich nicht');
    expect(mail!.links[0]).toMatch(/&locale=de$/);
  });

  it("'This wasn't me' from a passkey mail ends every session, removes that passkey, turns the password off and mails a new password's link", async () => {
    const who = await owner();
    const elsewhere = tokenOf(await login(api.app, { email: who.email, password: PASSWORD, challenge: who.codes[0]! }));
    const thief = await fullSignIn(who);
    const authenticator = await addPasskey(thief, 'Not mine');
    const alert = (await mailsTo(who.email)).find((mail) => mail.subject === 'A passkey was added to your account');

    const answer = await secure(notMeToken(alert!));
    expect(answer.statusCode).toBe(204);
    expect(await alive(elsewhere)).toBe(false);
    expect(await alive(thief)).toBe(false);
    expect((await signInWithPasskey(authenticator)).json()).toMatchObject({ code: 'passkey_rejected' });
    expect((await login(api.app, { email: who.email, password: PASSWORD, challenge: codeAt(who.secret, currentStep()) })).json()).toMatchObject({
      code: 'invalid_credentials',
    });
    // Single use.
    expect((await secure(notMeToken(alert!))).json()).toMatchObject({ code: 'invalid_token' });

    const secured = (await mailsTo(who.email)).at(-1)!;
    expect(secured.subject).toBe('Choose a new password');
    const resetToken = Buffer.from(new URL(secured.links[0]!).searchParams.get('token')!, 'base64').toString('utf8');
    const reset = await call(api.app, { method: 'POST', url: '/set-password', token: resetToken, payload: { password: 'Mine-Again-77', challenge: '' } });
    expect(reset.json()).toEqual({ mfa: true });
    // A full sign-in after the freeze changes factors again.
    await awayFromStepBoundary();
    const back = tokenOf(await login(api.app, { email: who.email, password: 'Mine-Again-77', challenge: codeAt(who.secret, currentStep()) }));
    await addPasskey(back, 'Mine');
  });

  it("'This wasn't me' from a TOTP mail removes that authenticator, its codes and the passkeys added since", async () => {
    const who = await owner();
    const recovered = tokenOf(await login(api.app, { email: who.email, password: PASSWORD, challenge: who.codes[0]! }));
    const secret = new URL((await setMfa(recovered)).body).searchParams.get('secret')!;
    const replaced = await setMfa(recovered, { mfaSecret: secret, challenge: codeAt(secret, currentStep() - 1) });
    expect(replaced.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await awayFromStepBoundary();
    const thief = tokenOf(await login(api.app, { email: who.email, password: PASSWORD, challenge: codeAt(secret, currentStep()) }));
    const authenticator = await addPasskey(thief, 'Thief');
    const mails = await mailsTo(who.email);
    const totpMail = mails.find((mail) => mail.subject === 'Your authenticator app was replaced')!;

    expect((await secure(notMeToken(totpMail))).statusCode).toBe(204);
    const [row] = await api.db.query<{ totp_secret: string | null; password_hash: string | null; factors_frozen_at: Date | null }>(
      'SELECT totp_secret, password_hash, factors_frozen_at FROM users WHERE id = $1',
      [who.userId],
    );
    expect(row).toMatchObject({ totp_secret: null, password_hash: null, factors_frozen_at: expect.any(Date) });
    expect(await api.db.query('SELECT 1 FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [who.userId])).toEqual([]);
    expect((await signInWithPasskey(authenticator)).json()).toMatchObject({ code: 'passkey_rejected' });
    // Every other alert of that account is answered by this one.
    const passkeyMail = mails.find((mail) => mail.subject === 'A passkey was added to your account')!;
    expect((await secure(notMeToken(passkeyMail))).statusCode).toBe(401);
  });

  it("'This wasn't me' from a recovery-code mail signs out everywhere and asks for a new password", async () => {
    const who = await owner();
    const thief = tokenOf(await login(api.app, { email: who.email, password: PASSWORD, challenge: who.codes[0]! }));
    const [mail] = await mailsTo(who.email);
    expect((await secure(notMeToken(mail!))).statusCode).toBe(204);
    expect(await alive(thief)).toBe(false);
    expect((await login(api.app, { email: who.email, password: PASSWORD, challenge: who.codes[1]! })).statusCode).toBe(400);
    expect((await mailsTo(who.email)).at(-1)!.subject).toBe('Choose a new password');
  });

  it('answers 401 to an unknown or expired link and 400 to one that is no link, changing nothing', async () => {
    const who = await owner();
    const token = await fullSignIn(who);
    await addPasskey(token, 'Phone');
    const [mail] = await mailsTo(who.email);
    await api.db.query("UPDATE account_alerts SET expires_at = now() - interval '1 second' WHERE user_id = $1", [who.userId]);
    expect((await secure(notMeToken(mail!))).json()).toMatchObject({ code: 'invalid_token' });
    expect((await secure('A'.repeat(43))).json()).toMatchObject({ code: 'invalid_token' });
    for (const bad of ['', 'short', `${'A'.repeat(42)}\u0000`, 'A'.repeat(44)]) expect((await secure(bad)).statusCode).toBe(400);
    expect(await alive(token)).toBe(true);
  });

  it('sends alerts whoever filled the owner’s mailbox allowance with reset requests first', async () => {
    const who = await owner();
    for (let index = 0; index <= LIMITS.mailsPerRecipient.max; index += 1) {
      await call(api.app, { method: 'POST', url: '/forgot-password', payload: { email: who.email, language: 'en' }, remoteAddress: freshAddress() });
    }
    expect(await mailsTo(who.email)).toHaveLength(LIMITS.mailsPerRecipient.max);
    await addPasskey(await fullSignIn(who), 'Phone');
    expect((await mailsTo(who.email)).at(-1)!.subject).toBe('A passkey was added to your account');
  });

  it('gathers alerts past their cap into one digest that counts every event, sent when the window ends, whose link answers for all', async () => {
    const who = await owner();
    const key = limitKey(LIMITS.alertsPerRecipient, mailboxKey(who.email));
    // The cap is used up by earlier alerts.
    await api.db.query("INSERT INTO rate_counters (key, count, window_end) VALUES ($1, $2, now() + interval '1 hour')", [key, LIMITS.alertsPerRecipient.max]);
    const session = await fullSignIn(who);
    const passkeys = [await addPasskey(session, 'Phone'), await addPasskey(session, 'Laptop'), await addPasskey(session, 'Tablet')];
    expect(await mailsTo(who.email)).toEqual([]);
    const waiting = await api.db.query<{ kind: string; count: number }>(
      `SELECT kind, (params->>'count')::int AS count FROM mail_queue
       WHERE sent_at IS NULL AND params->>'userId' = (SELECT id::text FROM users WHERE email = $1)`,
      [who.email],
    );
    expect(waiting).toEqual([{ kind: 'account-alert-digest', count: 3 }]);

    // An hour later.
    await api.db.query("UPDATE rate_counters SET window_end = now() - interval '1 second' WHERE key = $1", [key]);
    await api.db.query('UPDATE mail_queue SET next_attempt_at = now() WHERE sent_at IS NULL');
    const [digest, ...more] = await mailsTo(who.email);
    expect(more).toEqual([]);
    expectAlert(digest, 'More activity on your account');
    expect(digest!.text).toContain('Your account had 3 more changes or sign-ins than we alert you of one by one in an hour.');
    expect(digest!.text).toMatch(/3 times, the latest: A passkey was added to your account on .+ UTC\./);
    expect((await secure(notMeToken(digest!))).statusCode).toBe(204);
    for (const passkey of passkeys) expect((await signInWithPasskey(passkey)).json()).toMatchObject({ code: 'passkey_rejected' });
  });

  it("'This wasn't me' from a later alert also removes a passkey added before it, which then cannot lift the freeze", async () => {
    const who = await owner();
    const thief = await fullSignIn(who);
    const earlier = await addPasskey(thief, 'Thief');
    const renewed = await call(api.app, {
      method: 'POST',
      url: '/acme/user/recoveryCodes',
      token: thief,
      payload: { challenge: codeAt(who.secret, currentStep()) },
    });
    expect(renewed.statusCode).toBe(200);
    const renewal = (await mailsTo(who.email)).find((mail) => mail.subject === 'New recovery codes were made')!;
    expect((await secure(notMeToken(renewal))).statusCode).toBe(204);
    expect((await signInWithPasskey(earlier)).json()).toMatchObject({ code: 'passkey_rejected' });
  });

  it("'This wasn't me' keeps an authenticator its owner replaced with a code of the one before: a mailbox alone does not take it off", async () => {
    const who = await owner();
    const session = await fullSignIn(who);
    const next = new URL((await setMfa(session)).body).searchParams.get('secret')!;
    const replaced = await setMfa(session, { mfaSecret: next, challenge: codeAt(next, currentStep()), currentChallenge: codeAt(who.secret, currentStep()) });
    expect(replaced.statusCode).toBe(200);
    const mail = (await mailsTo(who.email)).find((candidate) => candidate.subject === 'Your authenticator app was replaced')!;
    expect((await secure(notMeToken(mail))).statusCode).toBe(204);
    const secured = (await mailsTo(who.email)).at(-1)!;
    const resetToken = Buffer.from(new URL(secured.links[0]!).searchParams.get('token')!, 'base64').toString('utf8');
    const reset = await call(api.app, { method: 'POST', url: '/set-password', token: resetToken, payload: { password: 'Mailbox-Only-77', challenge: '' } });
    expect(reset.json()).toEqual({ mfa: true });
  });

  it("'This wasn't me' answers the alerts still queued too: they never go out with links of their own", async () => {
    const who = await owner();
    const thief = await fullSignIn(who);
    await addPasskey(thief, 'One');
    const [first] = await mailsTo(who.email);
    // The next alert waits past the cap.
    const key = limitKey(LIMITS.alertsPerRecipient, mailboxKey(who.email));
    await api.db.query('UPDATE rate_counters SET count = $2 WHERE key = $1', [key, LIMITS.alertsPerRecipient.max]);
    await addPasskey(thief, 'Two');
    expect((await secure(notMeToken(first!))).statusCode).toBe(204);
    await api.db.query('DELETE FROM rate_counters WHERE key = $1', [key]);
    await api.db.query('UPDATE mail_queue SET next_attempt_at = now() WHERE sent_at IS NULL');
    expect((await mailsTo(who.email)).map((mail) => mail.subject)).toEqual(['A passkey was added to your account', 'Choose a new password']);
  });

  it('sends no sign-up link to an account whose password "This wasn\'t me" turned off: a reset sets the next one', async () => {
    const who = await owner();
    await login(api.app, { email: who.email, password: PASSWORD, challenge: who.codes[0]! });
    const [mail] = await mailsTo(who.email);
    expect((await secure(notMeToken(mail!))).statusCode).toBe(204);
    await call(api.app, { method: 'POST', url: '/register', payload: { email: who.email, language: 'en' } });
    expect((await mailsTo(who.email)).map((candidate) => candidate.subject)).toEqual(['A recovery code was used to sign in', 'Choose a new password']);
  });

  it("answers two 'This wasn't me' of one account at once with one, the others 401, never a 500", async () => {
    const who = await owner();
    const token = await fullSignIn(who);
    await addPasskey(token, 'One');
    await addPasskey(token, 'Two');
    const links = (await mailsTo(who.email)).map(notMeToken);
    const answers = await Promise.all([...links, ...links].map((link) => secure(link)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 401, 401, 401]);
  });
});
