import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { testDatabases } from '../testing/databases';
import { call, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { recordTermsAcceptance } from '../db/terms';
import { resetSecondFactor } from '../auth/second-factor-reset';
import { composeBackchannelLogout } from '../auth/backchannel-logout';
import { TestBrowser, appSignIn, authorizationRequest, redeem, registerApp, serverFetch, signOutThroughApp, type TestApp } from '../testing/oidc';
import { logoutReceiver, type LogoutReceiver } from '../testing/logout-receiver';
import { twoInstances, type TwoInstances } from '../testing/two-instances';

const PASSWORD = 'Correct-Horse-9';
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** A logout token verified as an app would: against the provider's published keys, its typ, issuer and audience (Back-Channel Logout 1.0 section 2.6). */
async function verifiedLogoutToken(app: Api['app'], token: string, audience: string): Promise<JWTPayload> {
  const answer = await serverFetch(app)('https://auth.example.test/api/.well-known/jwks.json', { method: 'GET', headers: {} } as never);
  const { payload } = await jwtVerify(token, createLocalJWKSet((await answer.json()) as JSONWebKeySet), {
    issuer: 'https://auth.example.test',
    audience,
    algorithms: ['ES256'],
    typ: 'logout+jwt',
  });
  return payload;
}

/**
 * Back-channel logout (OpenID Connect Back-Channel Logout 1.0, flows 4.18): an app registered with
 * a back-channel logout URI hears by a logout token whenever a front door session it signed in with
 * ends, by any path, sent from the queue after commit.
 */
describe.each(testDatabases)('back-channel logout on $name', (target) => {
  let api: Api;
  let receiver: LogoutReceiver;
  let wiki: TestApp;
  let notes: TestApp;
  let people = 0;

  beforeAll(async () => {
    api = await openApi(target);
    receiver = await logoutReceiver();
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    wiki = await registerApp(api.app, api.db, 'wiki', { backchannelLogoutUri: receiver.url });
    notes = await registerApp(api.app, api.db, 'notes');
  });
  afterAll(async () => {
    await api.close();
    await receiver.close();
  });
  afterEach(() => {
    receiver.tokens.length = 0;
  });

  /** A person of their own, signed in at Wiki (which listens) and Notes (which does not) in one browser. */
  async function signedInAtBoth() {
    people += 1;
    const person = { email: `person${people}@example.com`, password: PASSWORD, context: 'acme' };
    const user = await createUser(api.db, { email: person.email, password: PASSWORD, contexts: ['acme'] });
    await recordTermsAcceptance(api.db, user.id, 'acme', 0);
    const atWiki = await appSignIn(api.app, wiki, person);
    const atNotes = await appSignIn(api.app, notes, person, {}, new TestBrowser(api.app));
    return { person, userId: user.id, ...atWiki, idToken: atWiki.tokens.claims()!, atNotes };
  }

  /** The one logout token Wiki gets, verified, once the queue has sent it. */
  async function theLogoutToken(): Promise<JWTPayload> {
    await api.services.mail.drain();
    const [token, ...more] = await receiver.received(1);
    expect(more).toEqual([]);
    return verifiedLogoutToken(api.app, token!, 'wiki');
  }

  it('says so in discovery, and the ID token names its front door session as sid', async () => {
    const metadata = wiki.config.serverMetadata();
    expect(metadata).toMatchObject({ backchannel_logout_supported: true, backchannel_logout_session_supported: true });
    const { idToken, token } = await signedInAtBoth();
    expect(idToken.sid).toBe(decodeJwt(token).sid);
  });

  it('sends a logout token to the app when the person logs out at the front door: who, which session, the event, no nonce', async () => {
    const { token, browser, idToken, userId } = await signedInAtBoth();
    expect((await call(api.app, { method: 'GET', url: '/frontdoor/logout', token, headers: { cookie: browser.cookieHeader } })).statusCode).toBe(204);
    const logout = await theLogoutToken();
    expect(logout).toMatchObject({ iss: 'https://auth.example.test', aud: 'wiki', sub: userId, sid: idToken.sid, events: { [LOGOUT_EVENT]: {} } });
    expect(logout).not.toHaveProperty('nonce');
    expect(typeof logout.jti).toBe('string');
    expect(logout.exp! - logout.iat!).toBeGreaterThan(0);
    expect(decodeProtectedHeader((await receiver.received(1))[0]!).typ).toBe('logout+jwt');
  });

  it('sends one when the session ends by any other path: another app’s sign-out, the sessions page, Sign out everywhere, a new password elsewhere, a reset of the second factor', async () => {
    const ends: [string, (signedIn: Awaited<ReturnType<typeof signedInAtBoth>>) => Promise<unknown>][] = [
      [
        'Notes’ sign-out in the same browser',
        async ({ browser }) => {
          // Notes signs in in the same browser without a screen, then signs out.
          const request = await authorizationRequest(notes);
          const again = await redeem(notes, request, (await browser.follow(request.url)).location!);
          expect((await signOutThroughApp(browser, notes, again.id_token!)).done.statusCode).toBe(303);
        },
      ],
      ['the sessions page', ({ token }) => call(api.app, { method: 'DELETE', url: `/acme/user/sessions/${decodedSid(token)}`, token: token })],
      [
        'Sign out everywhere',
        ({ atNotes }) => call(api.app, { method: 'POST', url: '/acme/user/sessions/sign-out', token: atNotes.token, payload: { which: 'all' } }),
      ],
      [
        'a new password set in another session',
        ({ atNotes }) =>
          call(api.app, { method: 'POST', url: '/set-password', token: atNotes.token, payload: { password: 'Another-Horse-77', currentPassword: PASSWORD } }),
      ],
      ['a reset of the second factor', ({ userId }) => resetSecondFactor(api.services, userId)],
    ];
    for (const [path, end] of ends) {
      const signedIn = await signedInAtBoth();
      await end(signedIn);
      const logout = await theLogoutToken();
      expect(logout, path).toMatchObject({ sub: signedIn.userId, sid: signedIn.idToken.sid });
      receiver.tokens.length = 0;
    }
  });

  it('lists on the sessions page the apps signed in with each session, and signing that session out there tells them', async () => {
    const { token, browser, atNotes, idToken } = await signedInAtBoth();
    // Notes signs in without a screen in the browser that signed in at Wiki.
    const request = await authorizationRequest(notes);
    await redeem(notes, request, (await browser.follow(request.url)).location!);
    const listed = await call(api.app, { method: 'GET', url: '/acme/user/sessions', token: atNotes.token });
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json<{ id: string; current: boolean; apps: { id: string; name: string }[] }[]>();
    expect(sessions.find((session) => session.id === decodedSid(token))!.apps).toEqual([
      { id: 'notes', name: 'notes' },
      { id: 'wiki', name: 'wiki' },
    ]);
    expect(sessions.find((session) => session.current)!.apps).toEqual([{ id: 'notes', name: 'notes' }]);

    expect((await call(api.app, { method: 'DELETE', url: `/acme/user/sessions/${decodedSid(token)}`, token: atNotes.token })).statusCode).toBe(204);
    expect((await theLogoutToken()).sid).toBe(idToken.sid);
  });

  it('tries again after the app answered 500', async () => {
    const { token, browser, idToken } = await signedInAtBoth();
    receiver.failFirst(1);
    await call(api.app, { method: 'GET', url: '/frontdoor/logout', token, headers: { cookie: browser.cookieHeader } });
    // The logout's own drain too, which may hold the attempt while this one finds nothing due.
    await api.services.background.idle();
    await api.services.mail.drain();
    expect(receiver.tokens).toEqual([]);
    const [row] = await api.db.query<{ attempts: number; last_error: string }>(
      `SELECT attempts, last_error FROM mail_queue WHERE kind = 'backchannel-logout' AND params->>'sid' = $1`,
      [idToken.sid],
    );
    expect(row).toMatchObject({ attempts: 1, last_error: `${receiver.url} answered 500` });
    // Its next attempt comes due (5 s after the first).
    await api.db.query(`UPDATE mail_queue SET next_attempt_at = now() WHERE kind = 'backchannel-logout' AND params->>'sid' = $1`, [idToken.sid]);
    expect((await theLogoutToken()).sid).toBe(idToken.sid);
  });

  it('sends nothing to an app that has no back-channel logout URI, nor for a session the app did not sign in with', async () => {
    const { atNotes } = await signedInAtBoth();
    // Notes' own session (another browser): Wiki never signed in with it.
    await call(api.app, { method: 'GET', url: '/frontdoor/logout', token: atNotes.token, headers: { cookie: atNotes.browser.cookieHeader } });
    await api.services.mail.drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.tokens).toEqual([]);
  });

  it('posts to an address on this machine or a private network only while the development pages are on', async () => {
    const production = { ...api.services, config: { ...api.services.config, devPages: false } };
    const logout = { clientId: 'wiki', userId: '00000000-0000-4000-8000-000000000000', sid: '00000000-0000-4000-8000-000000000001' };
    expect(await composeBackchannelLogout(production, logout)).toMatchObject({ kind: 'refused' });
    expect(await composeBackchannelLogout(api.services, logout)).toMatchObject({ kind: 'post', to: receiver.url });
  });
});

const decodedSid = (token: string) => decodeJwt(token).sid as string;

describe('back-channel logout from two instances on one PostgreSQL', () => {
  let instances: TwoInstances;
  let receiver: LogoutReceiver;

  beforeAll(async () => {
    instances = await twoInstances();
    receiver = await logoutReceiver();
    await createOrganization(instances.db, { context: 'acme', name: 'Acme' });
  });
  afterAll(async () => {
    await instances.close();
    await receiver.close();
  });

  it('sends each logout token once, whichever instance takes it', async () => {
    const { first, second, db } = instances;
    const wiki = await registerApp(first.app, db, 'wiki', { backchannelLogoutUri: receiver.url });
    const sessions: string[] = [];
    for (let person = 0; person < 6; person += 1) {
      const email = `twin${person}@example.com`;
      const user = await createUser(db, { email, password: PASSWORD, contexts: ['acme'] });
      await recordTermsAcceptance(db, user.id, 'acme', 0);
      const { token, tokens } = await appSignIn(first.app, wiki, { email, password: PASSWORD, context: 'acme' });
      sessions.push(tokens.claims()!.sid as string);
      await call(first.app, { method: 'POST', url: '/acme/user/sessions/sign-out', token, payload: { which: 'all' } });
    }
    await Promise.all([first.services.mail.drain(), second.services.mail.drain(), first.services.mail.drain(), second.services.mail.drain()]);
    const tokens = await receiver.received(6);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.tokens).toHaveLength(6);
    const sids = await Promise.all(
      tokens.map(async (token) => (await jwtVerify(token, createLocalJWKSet(first.services.tokens.jwks() as JSONWebKeySet))).payload.sid),
    );
    expect(sids.sort()).toEqual([...sessions].sort());
  });
});
