import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { decodeJwt } from 'jose';
import { testDatabases } from '../testing/databases';
import { call, openApi, type Api } from '../testing/api';
import { TEST_PUBLIC_URL } from '../testing/app';
import { createOrganization, createUser } from '../admin/operations';
import { recordTermsAcceptance } from '../db/terms';
import { codeAt, currentStep, newTotpSecret } from '../auth/totp';
import { awayFromStepBoundary } from '../testing/totp';
import {
  TestBrowser,
  authorizationRequest,
  discoveredApp,
  finish,
  frontDoorSession,
  interactionOf,
  redeem,
  registerApp,
  signOutThroughApp,
  verifiedIdToken,
  type AuthorizationRequest,
  type TestApp,
} from '../testing/oidc';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabases)('the front door as an OpenID Provider on $name', (target) => {
  let api: Api;
  let notes: TestApp;
  let wiki: TestApp;
  let ledger: TestApp;
  const totp = newTotpSecret();

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createOrganization(api.db, { context: 'globex', name: 'Globex' });
    const ada = await createUser(api.db, { email: 'ada@example.com', password: PASSWORD, contexts: ['acme'] });
    const otp = await createUser(api.db, {
      email: 'otp@example.com',
      password: PASSWORD,
      contexts: ['acme'],
      totp: { secret: totp, secrets: api.services.totpSecrets },
    });
    await createUser(api.db, { email: 'loner@example.com', password: PASSWORD, contexts: [] });
    // Both have accepted Acme's terms: the sign-in ends at the app (flows 4.8).
    for (const user of [ada, otp]) await recordTermsAcceptance(api.db, user.id, 'acme', 0);
    notes = await registerApp(api.app, api.db, 'notes');
    wiki = await registerApp(api.app, api.db, 'wiki');
    ledger = await registerApp(api.app, api.db, 'ledger', { confidential: true });
  });
  afterAll(() => api.close());

  /** A whole sign-in of `email` through the app: the browser, the app's request and its callback. */
  async function signIn(
    rp: TestApp,
    options: { email?: string; extra?: Record<string, string>; browser?: TestBrowser; challenge?: string; context?: string } = {},
  ) {
    const browser = options.browser ?? new TestBrowser(api.app);
    const request = await authorizationRequest(rp, options.extra);
    const { uid, search } = interactionOf((await browser.follow(request.url)).location);
    const token = await frontDoorSession(api.app, options.email ?? 'ada@example.com', PASSWORD, options.challenge);
    const finished = await finish(api.app, browser, uid, token, options.context ?? 'acme');
    expect(finished.statusCode, finished.body).toBe(200);
    const { location } = await browser.follow(finished.json<{ redirectTo: string }>().redirectTo);
    return { browser, request, token, search, callback: location! };
  }

  /** The app's callback asked for silently, by the browser that signed in. */
  async function silently(rp: TestApp, browser: TestBrowser, extra: Record<string, string> = {}) {
    const request = await authorizationRequest(rp, { prompt: 'none', ...extra });
    const { location } = await browser.follow(request.url);
    return { request, callback: location! };
  }

  it('signs a person in with the code and PKCE, and the app gets an ID token it can verify, with who, how and where', async () => {
    const { request, callback, token } = await signIn(notes);
    expect(`${callback.origin}${callback.pathname}`).toBe(notes.redirectUri);
    const tokens = await redeem(notes, request, callback);
    const claims = await verifiedIdToken(api.app, notes, tokens.id_token!);
    expect(claims).toMatchObject({
      iss: TEST_PUBLIC_URL,
      aud: 'notes',
      sub: decodeJwt(token).sub,
      email: 'ada@example.com',
      email_verified: true,
      org: 'acme',
      amr: ['pwd'],
      acr: 'pwd',
      nonce: request.nonce,
      auth_time: decodeJwt(token).auth_time,
    });
    const info = await client.fetchUserInfo(notes.config, tokens.access_token, claims.sub!);
    expect(info).toMatchObject({ sub: claims.sub, email: 'ada@example.com', email_verified: true, org: 'acme' });
  });

  it('signs the same browser in to a second app without asking, and prompt=none answers a browser without a session login_required', async () => {
    const { browser } = await signIn(notes);
    const second = await silently(wiki, browser);
    const claims = await verifiedIdToken(api.app, wiki, (await redeem(wiki, second.request, second.callback)).id_token!);
    expect(claims).toMatchObject({ aud: 'wiki', email: 'ada@example.com', org: 'acme' });

    const stranger = await silently(wiki, new TestBrowser(api.app));
    expect(stranger.callback.searchParams.get('error')).toBe('login_required');
    expect(stranger.callback.searchParams.get('state')).toBe(stranger.request.state);
  });

  it('authenticates a confidential app by its secret, which is kept only as a hash', async () => {
    const { request, callback } = await signIn(ledger);
    expect((await redeem(ledger, request, callback)).id_token).toBeTruthy();
    const [row] = await api.db.query<{ secret_hash: string }>(`SELECT secret_hash FROM oidc_clients WHERE id = 'ledger'`);
    expect(row!.secret_hash).not.toContain(ledger.secret!);
    expect(row!.secret_hash).toMatch(/^[0-9a-f]{64}$/);

    const other = await signIn(ledger);
    const wrong = await discoveredApp(api.app, 'ledger', 'not-the-secret');
    await expect(redeem({ ...ledger, config: wrong }, other.request, other.callback)).rejects.toMatchObject({
      status: 401,
      cause: [expect.objectContaining({ parameters: expect.objectContaining({ error: 'invalid_client' }) })],
    });
  });

  it('takes a code flow request without a nonce, with an unknown parameter, or with its scopes in another order', async () => {
    for (const extra of [{ nonce: '' }, { unknown_parameter: 'ignored' }, { scope: 'email openid' }] as Record<string, string>[]) {
      const browser = new TestBrowser(api.app);
      const request = await authorizationRequest(notes, extra);
      const withoutNonce = extra.nonce === '';
      if (withoutNonce) request.url.searchParams.delete('nonce');
      const { uid } = interactionOf((await browser.follow(request.url)).location);
      const finished = await finish(api.app, browser, uid, await frontDoorSession(api.app, 'ada@example.com', PASSWORD), 'acme');
      const { location } = await browser.follow(finished.json<{ redirectTo: string }>().redirectTo);
      const tokens = await client.authorizationCodeGrant(notes.config, location!, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
        ...(withoutNonce ? {} : { expectedNonce: request.nonce }),
      });
      expect(tokens.claims()).toMatchObject({ email: 'ada@example.com', org: 'acme' });
    }
  });

  it('answers UserInfo to a token in the Authorization header or the body of a POST, and a confidential app by client_secret_post', async () => {
    const { request, callback } = await signIn(ledger);
    const post = await discoveredApp(api.app, 'ledger', ledger.secret, 'post');
    const tokens = await redeem({ ...ledger, config: post }, request, callback);
    const answer = await api.app.inject({ method: 'POST', url: '/oidc/userinfo', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ email: 'ada@example.com', org: 'acme' });
    const inBody = await api.app.inject({
      method: 'POST',
      url: '/oidc/userinfo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ access_token: tokens.access_token }).toString(),
    });
    expect(inBody.statusCode).toBe(200);
    expect(inBody.json()).toMatchObject({ email: 'ada@example.com' });
  });

  it('revokes the access token of a code that is used a second time', async () => {
    const { request, callback } = await signIn(notes);
    const tokens = await redeem(notes, request, callback);
    await expect(redeem(notes, request, callback)).rejects.toMatchObject({ error: 'invalid_grant' });
    const answer = await api.app.inject({ method: 'GET', url: '/oidc/userinfo', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(answer.statusCode).toBe(401);
  });

  it('refuses a code used twice, a wrong verifier, and one app’s code at another', async () => {
    const first = await signIn(notes);
    await redeem(notes, first.request, first.callback);
    await expect(redeem(notes, first.request, first.callback)).rejects.toMatchObject({ error: 'invalid_grant' });

    const second = await signIn(notes);
    const wrongVerifier: AuthorizationRequest = { ...second.request, verifier: client.randomPKCECodeVerifier() };
    await expect(redeem(notes, wrongVerifier, second.callback)).rejects.toMatchObject({ error: 'invalid_grant' });

    const third = await signIn(notes);
    const atWiki = new URL(third.callback);
    await expect(redeem(wiki, third.request, atWiki)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('answers a request without PKCE invalid_request at the app', async () => {
    const request = await authorizationRequest(notes);
    request.url.searchParams.delete('code_challenge');
    request.url.searchParams.delete('code_challenge_method');
    const { location } = await new TestBrowser(api.app).follow(request.url);
    expect(`${location!.origin}${location!.pathname}`).toBe(notes.redirectUri);
    expect(location!.searchParams.get('error')).toBe('invalid_request');
  });

  it('shows its own error page, never a redirect, for an unregistered redirect URI or app', async () => {
    const browser = new TestBrowser(api.app);
    const stray = await authorizationRequest(notes, { redirect_uri: 'https://evil.example/callback' });
    const answer = await browser.request('GET', stray.url);
    expect(answer.statusCode).toBe(400);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.body).toContain('This sign-in request cannot be used');
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const unknown = new URL(stray.url);
    unknown.searchParams.set('client_id', 'nobody');
    unknown.searchParams.set('redirect_uri', notes.redirectUri);
    const refused = await browser.request('GET', unknown);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
  });

  it('refuses a request without a redirect URI on its own page, and one without a response type at the app', async () => {
    const browser = new TestBrowser(api.app);
    const noRedirect = await authorizationRequest(notes);
    noRedirect.url.searchParams.delete('redirect_uri');
    const page = await browser.request('GET', noRedirect.url);
    expect(page.statusCode).toBe(400);
    expect(page.headers.location).toBeUndefined();

    const noResponseType = await authorizationRequest(notes);
    noResponseType.url.searchParams.delete('response_type');
    const { location } = await browser.follow(noResponseType.url);
    expect(`${location!.origin}${location!.pathname}`).toBe(notes.redirectUri);
    expect(location!.searchParams.get('error')).toBe('invalid_request');
  });

  it('sends the person to Login with the app’s e-mail hint and language, and says the error page in that language', async () => {
    const request = await authorizationRequest(notes, { login_hint: 'ada@example.com', ui_locales: 'de-CH en' });
    const { search } = interactionOf((await new TestBrowser(api.app).follow(request.url)).location);
    expect(search.get('username')).toBe('ada@example.com');
    expect(search.get('locale')).toBe('de');

    const stray = await authorizationRequest(notes, { redirect_uri: 'https://evil.example/callback', ui_locales: 'de' });
    expect((await new TestBrowser(api.app).request('GET', stray.url)).body).toContain('Diese Anmeldeanfrage kann nicht verwendet werden');
  });

  it('asks a signed-in person for a fresh sign-in on prompt=login and max_age=0, and refuses an older one', async () => {
    for (const extra of [{ prompt: 'login' }, { max_age: '0' }] as Record<string, string>[]) {
      const { browser, token } = await signIn(notes);
      // The session's sign-in is a second older than the request: auth_time counts whole seconds.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const request = await authorizationRequest(notes, extra);
      const { uid, search } = interactionOf((await browser.follow(request.url)).location);
      expect(search.get('prompt')).toBe('login');
      // The person the provider knows is asked to confirm it, not who they are.
      expect(search.get('username')).toBe('ada@example.com');
      const stale = await finish(api.app, browser, uid, token, 'acme');
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toMatchObject({ code: 'reauthentication_required' });
      const fresh = await finish(api.app, browser, uid, await frontDoorSession(api.app, 'ada@example.com', PASSWORD), 'acme');
      expect(fresh.statusCode).toBe(200);
      const { location } = await browser.follow(fresh.json<{ redirectTo: string }>().redirectTo);
      const claims = await verifiedIdToken(api.app, notes, (await redeem(notes, request, location!)).id_token!);
      expect(claims.auth_time).toBeGreaterThan(decodeJwt(token).auth_time as number);
    }
  });

  it('asks for a second factor on acr_values=mfa, and answers acr mfa with the methods of a code', async () => {
    const browser = new TestBrowser(api.app);
    const request = await authorizationRequest(notes, { acr_values: 'mfa' });
    const { uid } = interactionOf((await browser.follow(request.url)).location);
    const refused = await finish(api.app, browser, uid, await frontDoorSession(api.app, 'ada@example.com', PASSWORD), 'acme');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'second_factor_required' });

    await awayFromStepBoundary();
    const withCode = await frontDoorSession(api.app, 'otp@example.com', PASSWORD, codeAt(totp, currentStep()));
    const finished = await finish(api.app, browser, uid, withCode, 'acme');
    expect(finished.statusCode).toBe(200);
    const { location } = await browser.follow(finished.json<{ redirectTo: string }>().redirectTo);
    const claims = await verifiedIdToken(api.app, notes, (await redeem(notes, request, location!)).id_token!);
    expect(claims).toMatchObject({ email: 'otp@example.com', acr: 'mfa', amr: ['pwd', 'otp'] });
  });

  it('answers access_denied to an app that asks for an organisation the person is not a member of', async () => {
    const browser = new TestBrowser(api.app);
    const request = await authorizationRequest(notes, { org: 'globex' });
    const { uid, search } = interactionOf((await browser.follow(request.url)).location);
    expect(search.get('domain')).toBe('globex');
    const finished = await finish(api.app, browser, uid, await frontDoorSession(api.app, 'ada@example.com', PASSWORD), 'acme');
    expect(finished.statusCode).toBe(200);
    const { location } = await browser.follow(finished.json<{ redirectTo: string }>().redirectTo);
    expect(location!.searchParams.get('error')).toBe('access_denied');
    expect(location!.searchParams.get('state')).toBe(request.state);
  });

  it('signs a person in no organisation in with the API audience as the choice, and no org claim', async () => {
    const { request, callback } = await signIn(notes, { email: 'loner@example.com', context: 'frontdoor' });
    const claims = await verifiedIdToken(api.app, notes, (await redeem(notes, request, callback)).id_token!);
    expect(claims).toMatchObject({ email: 'loner@example.com' });
    expect(claims).not.toHaveProperty('org');
  });

  it('refuses a finish into an organisation the session does not reach', async () => {
    const browser = new TestBrowser(api.app);
    const request = await authorizationRequest(notes);
    const { uid } = interactionOf((await browser.follow(request.url)).location);
    const refused = await finish(api.app, browser, uid, await frontDoorSession(api.app, 'ada@example.com', PASSWORD), 'globex');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
  });

  it('refuses a token that only sets up MFA: a password alone never signs anyone in to an app where a second factor is required', async () => {
    await createOrganization(api.db, { context: 'vault', name: 'Vault', mfaPolicy: 'REQUIRED' });
    await createUser(api.db, { email: 'vera@example.com', password: PASSWORD, contexts: ['vault'] });
    const browser = new TestBrowser(api.app);
    const request = await authorizationRequest(notes);
    const { uid } = interactionOf((await browser.follow(request.url)).location);
    const setupOnly = await frontDoorSession(api.app, 'vera@example.com', PASSWORD);
    expect(decodeJwt(setupOnly).purpose).toBe('mfa-setup');
    for (const context of ['frontdoor', 'vault']) {
      const refused = await finish(api.app, browser, uid, setupOnly, context);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'mfa_setup_required' });
    }
  });

  it('redeems a code once when several exchanges of it arrive at the same moment, and revokes what it gave', async () => {
    const { request, callback } = await signIn(notes);
    const answers = await Promise.allSettled(Array.from({ length: 8 }, () => redeem(notes, request, callback)));
    const redeemed = answers.filter((answer) => answer.status === 'fulfilled');
    expect(redeemed).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 'rejected').map((answer) => (answer.reason as { error?: string }).error)).toEqual(
      Array(7).fill('invalid_grant'),
    );
  });

  it('takes prompt=consent: the platform’s apps need no question', async () => {
    const { request, callback } = await signIn(notes, { extra: { prompt: 'consent' } });
    expect(`${callback.origin}${callback.pathname}`).toBe(notes.redirectUri);
    expect((await redeem(notes, request, callback)).claims()).toMatchObject({ email: 'ada@example.com' });
  });

  it('keeps each app’s organisation: another app’s sign-in into another organisation does not change it', async () => {
    await createOrganization(api.db, { context: 'initech', name: 'Initech' });
    const grace = await createUser(api.db, { email: 'grace@example.com', password: PASSWORD, contexts: ['acme', 'initech'] });
    for (const context of ['acme', 'initech']) await recordTermsAcceptance(api.db, grace.id, context, 0);
    const first = await signIn(notes, { email: 'grace@example.com', extra: { org: 'acme' } });
    const notesTokens = await redeem(notes, first.request, first.callback);
    const second = await signIn(wiki, { email: 'grace@example.com', extra: { org: 'initech' }, browser: first.browser, context: 'initech' });
    expect((await redeem(wiki, second.request, second.callback)).claims()).toMatchObject({ org: 'initech' });
    expect(await client.fetchUserInfo(notes.config, notesTokens.access_token, notesTokens.claims()!.sub)).toMatchObject({ org: 'acme' });
  });

  it('asks again once the person is taken out of the organisation of the session, and says no org for it', async () => {
    const kim = await createUser(api.db, { email: 'kim@example.com', password: PASSWORD, contexts: ['acme'] });
    await recordTermsAcceptance(api.db, kim.id, 'acme', 0);
    const { browser, request, callback } = await signIn(notes, { email: 'kim@example.com' });
    const tokens = await redeem(notes, request, callback);
    await api.db.query(`UPDATE memberships SET enabled = false WHERE user_id = $1`, [kim.id]);
    const info = await client.fetchUserInfo(notes.config, tokens.access_token, kim.id);
    expect(info).not.toHaveProperty('org');
    expect((await silently(wiki, browser)).callback.searchParams.get('error')).toBe('login_required');
  });

  it('refuses at UserInfo an access token whose front door session has ended', async () => {
    const { request, callback, token } = await signIn(notes);
    const tokens = await redeem(notes, request, callback);
    expect((await call(api.app, { method: 'GET', url: '/frontdoor/logout', token })).statusCode).toBe(204);
    const answer = await api.app.inject({ method: 'GET', url: '/oidc/userinfo', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(answer.statusCode).toBe(401);
  });

  it('counts authorization requests per client address: past 120 a minute it answers 429 with when to try again', async () => {
    const browser = new TestBrowser(api.app, '198.51.100.77');
    const request = await authorizationRequest(notes);
    // Every spelling the engine answers counts alike: letter case, a trailing slash.
    const spellings = ['/oidc/auth', '/oidc/AUTH', '/oidc/auth/'].map((path) => new URL(`${path}${request.url.search}`, TEST_PUBLIC_URL));
    for (let sent = 0; sent < 120; sent += 1) expect((await browser.request('GET', spellings[sent % 3]!)).statusCode).toBe(303);
    const refused = await browser.request('GET', spellings[2]!);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect((await new TestBrowser(api.app, '198.51.100.78').request('GET', request.url)).statusCode).toBe(303);
  });

  it('refuses a token of an ended front door session also after a later sign-in on the same browser', async () => {
    const first = await signIn(notes);
    const tokens = await redeem(notes, first.request, first.callback);
    expect((await call(api.app, { method: 'GET', url: '/frontdoor/logout', token: first.token })).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await signIn(wiki, { browser: first.browser });
    await redeem(wiki, later.request, later.callback);
    const answer = await api.app.inject({ method: 'GET', url: '/oidc/userinfo', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(answer.statusCode).toBe(401);
  });

  it('gives an app whose grant is gone the session’s organisation at its next sign-in without a screen', async () => {
    const { browser, request, callback } = await signIn(notes);
    await redeem(notes, request, callback);
    // A code used twice revokes what its grant issued, the grant included.
    await expect(redeem(notes, request, callback)).rejects.toMatchObject({ error: 'invalid_grant' });
    const again = await silently(notes, browser);
    expect((await redeem(notes, again.request, again.callback)).claims()).toMatchObject({ org: 'acme' });
  });

  it('lets only the browser that started the sign-in finish it', async () => {
    const request = await authorizationRequest(notes);
    const { uid } = interactionOf((await new TestBrowser(api.app).follow(request.url)).location);
    const elsewhere = await finish(api.app, new TestBrowser(api.app), uid, await frontDoorSession(api.app, 'ada@example.com', PASSWORD), 'acme');
    expect(elsewhere.statusCode).toBe(404);
  });

  it('ends the front door sessions and every app’s at an app’s sign-out, and returns to the app', async () => {
    const { browser, request, callback, token } = await signIn(notes);
    const tokens = await redeem(notes, request, callback);
    await silently(wiki, browser);
    // The browser holds this session's cookies, and one of another session (another person's since).
    const other = await frontDoorSession(api.app, 'ada@example.com', PASSWORD);
    browser.cookies.set('token', token);
    browser.cookies.set('token_acme', token);
    browser.cookies.set('token_globex', other);
    const { question, done } = await signOutThroughApp(browser, notes, tokens.id_token!);
    expect(question.statusCode).toBe(200);
    expect(question.body).toContain('Sign out?');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(notes.postLogoutRedirectUri);
    expect([...browser.cookies.keys()].filter((name) => name.startsWith('token'))).toEqual([]);
    for (const ended of [token, other]) expect((await call(api.app, { method: 'GET', url: '/acme/user/organizations', token: ended })).statusCode).toBe(401);
    const after = await silently(wiki, browser);
    expect(after.callback.searchParams.get('error')).toBe('login_required');
  });

  it('asks its sign-out question in the app’s language', async () => {
    const { browser } = await signIn(notes);
    const questions = { de: 'Abmelden?', it: 'Uscire?', fr: 'Se déconnecter ?', az: 'Çıxış edilsin?' };
    for (const [language, question] of Object.entries(questions)) {
      const page = await browser.request('GET', client.buildEndSessionUrl(notes.config, { client_id: 'notes', ui_locales: language }));
      expect(page.body).toContain(`<html lang="${language}">`);
      expect(page.body).toContain(question);
    }
  });

  it('signs every app out at the front door’s own Logout: prompt=none then answers login_required', async () => {
    const { browser, token } = await signIn(notes);
    expect((await call(api.app, { method: 'GET', url: '/frontdoor/logout', token })).statusCode).toBe(204);
    const after = await silently(wiki, browser);
    expect(after.callback.searchParams.get('error')).toBe('login_required');
  });
});
