import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { testDatabases } from '../testing/databases';
import { call, freshAddress, login, openApi, type Api } from '../testing/api';
import { softwareAuthenticator, type SoftwareAuthenticator, type Tampering } from '../testing/webauthn';
import { createOrganization, createUser, setMfaPolicy, setSsoMode } from '../admin/operations';
import { relyingParty } from '../auth/relying-party';
import { RECENT_SIGN_IN_SECONDS } from '../auth/factor-changes';
import { newTotpSecret } from '../auth/totp';
import { TEST_CLIENT } from '../testing/accounts';

const PASSWORD = 'Correct-Horse-9';

interface Options {
  challenge: string;
  user: { id: string };
}

describe.each(testDatabases)('passkeys, on $name', (target) => {
  let api: Api;
  let counter = 0;

  beforeAll(async () => {
    api = await openApi(target);
  });
  afterAll(() => api.close());

  /** A user in an organisation of their own, signed in with the password just now. */
  async function signedInUser(options: { totp?: boolean } = {}) {
    const context = `org${++counter}`;
    const email = `passkey${counter}@example.com`;
    await createOrganization(api.db, { context, name: `Org ${counter}` });
    const user = await createUser(api.db, {
      email,
      password: PASSWORD,
      contexts: [context],
      ...(options.totp ? { totp: { secret: newTotpSecret(), secrets: api.services.totpSecrets } } : {}),
    });
    const token = (await login(api.app, { email, password: PASSWORD })).json<{ token: string }>().token;
    return { email, context, userId: user.id, token };
  }

  const registrationOptions = (who: { context: string; token: string }) =>
    call(api.app, { method: 'POST', url: `/${who.context}/user/passkeys/options`, token: who.token });
  const add = (who: { context: string; token: string }, response: unknown) =>
    call(api.app, { method: 'POST', url: `/${who.context}/user/passkeys`, token: who.token, payload: { response } });
  const signInOptions = async (email?: string) =>
    (await call(api.app, { method: 'POST', url: '/passkeys/sign-in/options', payload: email ? { email } : {} })).json<{ challenge: string }>();
  const signIn = (response: unknown, remoteAddress = freshAddress()) =>
    call(api.app, { method: 'POST', url: '/passkeys/sign-in', payload: { response }, remoteAddress });

  /** A user with one passkey, added after the password sign-in. */
  async function userWithPasskey() {
    const who = await signedInUser();
    const authenticator = softwareAuthenticator(relyingParty(api.services.config));
    const options = (await registrationOptions(who)).json<Options>();
    const added = await add(who, authenticator.register(options));
    expect(added.statusCode).toBe(201);
    return { ...who, authenticator };
  }

  const assertion = async (authenticator: SoftwareAuthenticator, tampering?: Tampering, email?: string) =>
    authenticator.authenticate(await signInOptions(email), tampering);

  it('adds a passkey after a password sign-in and lists it, synced and never used', async () => {
    const who = await userWithPasskey();
    const list = await call(api.app, { method: 'GET', url: `/${who.context}/user/passkeys`, token: who.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ id: who.authenticator.id, name: 'Passkey 1', createdAt: expect.any(String), lastUsedAt: null, backedUp: true }]);
  });

  it('signs in with the passkey alone: a session with hwk or swk and user, which meets policy REQUIRED without TOTP', async () => {
    const who = await userWithPasskey();
    await setMfaPolicy(api.db, who.context, 'REQUIRED');
    const answer = await signIn(await assertion(who.authenticator, {}, who.email));
    expect(answer.statusCode).toBe(200);
    const { context, token } = answer.json<{ context: string; token: string }>();
    expect(context).toBe(who.context);
    expect(decodeJwt(token)).toMatchObject({ purpose: 'session', amr: ['swk', 'user'], contexts: [who.context] });
    expect(answer.headers['www-authenticate']).toBeUndefined();
  });

  it('refuses a challenge answered twice', async () => {
    const who = await userWithPasskey();
    const response = await assertion(who.authenticator);
    expect((await signIn(response)).statusCode).toBe(200);
    const replayed = await signIn(response);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ code: 'passkey_rejected' });
  });

  it('refuses an answer signed for another origin', async () => {
    const who = await userWithPasskey();
    const answer = await signIn(await assertion(who.authenticator, { origin: 'https://auth.example-phish.test' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'passkey_rejected' });
  });

  it('refuses an answer for another relying party ID', async () => {
    const who = await userWithPasskey();
    const answer = await signIn(await assertion(who.authenticator, { rpID: 'example-phish.test' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'passkey_rejected' });
  });

  it('refuses a signature counter that goes back, as from a cloned authenticator', async () => {
    const who = await userWithPasskey();
    expect((await signIn(await assertion(who.authenticator, { counter: 5 }))).statusCode).toBe(200);
    const answer = await signIn(await assertion(who.authenticator, { counter: 3 }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'passkey_rejected' });
  });

  it('refuses an answer without user verification', async () => {
    const who = await userWithPasskey();
    expect((await signIn(await assertion(who.authenticator, { userVerified: false }))).statusCode).toBe(400);
  });

  it('refuses the passkey of another account than the e-mail typed', async () => {
    const who = await userWithPasskey();
    const other = await signedInUser();
    const answer = await signIn(await assertion(who.authenticator, {}, other.email));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'passkey_rejected' });
  });

  it('refuses a user whose organisations all sign in through SAML only', async () => {
    const who = await userWithPasskey();
    await setSsoMode(api.db, who.context, 'SAML_ONLY');
    const answer = await signIn(await assertion(who.authenticator));
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'sso_required' });
  });

  it('never signs in with a removed passkey', async () => {
    const who = await userWithPasskey();
    const removed = await call(api.app, { method: 'DELETE', url: `/${who.context}/user/passkeys/${who.authenticator.id}`, token: who.token });
    expect(removed.statusCode).toBe(204);
    expect((await signIn(await assertion(who.authenticator))).statusCode).toBe(400);
    const again = await call(api.app, { method: 'DELETE', url: `/${who.context}/user/passkeys/${who.authenticator.id}`, token: who.token });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to add a passkey from an answer for another origin, another relying party ID, or a used challenge', async () => {
    const who = await signedInUser();
    const authenticator = softwareAuthenticator(relyingParty(api.services.config));
    for (const tampering of [{ origin: 'https://auth.example-phish.test' }, { rpID: 'example-phish.test' }]) {
      const answer = await add(who, authenticator.register((await registrationOptions(who)).json<Options>(), tampering));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'passkey_rejected' });
    }
    const response = authenticator.register((await registrationOptions(who)).json<Options>());
    expect((await add(who, response)).statusCode).toBe(201);
    expect((await add(who, response)).statusCode).toBe(400);
  });

  it("refuses another user's registration challenge", async () => {
    const who = await signedInUser();
    const other = await signedInUser();
    const authenticator = softwareAuthenticator(relyingParty(api.services.config));
    const answer = await add(other, authenticator.register((await registrationOptions(who)).json<Options>()));
    expect(answer.statusCode).toBe(400);
  });

  it('adds a passkey only with a sign-in of the last 10 minutes that proved everything the user has', async () => {
    const who = await signedInUser({ totp: true });
    const now = Math.floor(Date.now() / 1000);
    const grant = {
      userId: who.userId,
      email: who.email,
      contexts: [who.context],
      purpose: 'session' as const,
      generation: 0,
      session: { client: TEST_CLIENT },
    };
    const passwordOnly = await api.services.tokens.issueSignIn({ ...grant, amr: ['pwd'], authTime: now });
    const stale = await api.services.tokens.issueSignIn({ ...grant, amr: ['pwd', 'otp'], authTime: now - RECENT_SIGN_IN_SECONDS - 1 });
    const saml = await api.services.tokens.issueSignIn({ ...grant, amr: ['saml'], authTime: now });
    for (const token of [passwordOnly, stale, saml]) {
      const answer = await registrationOptions({ context: who.context, token });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'recent_sign_in_required' });
    }
    const full = await api.services.tokens.issueSignIn({ ...grant, amr: ['pwd', 'otp'], authTime: now });
    expect((await registrationOptions({ context: who.context, token: full })).statusCode).toBe(200);
  });
});
