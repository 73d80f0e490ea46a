import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, openApi, type Api } from '../testing/api';
import { TEST_PUBLIC_URL } from '../testing/app';
import { createOrganization, createUser } from '../admin/operations';
import { recordTermsAcceptance } from '../db/terms';
import { TestBrowser, appSignIn, authorizationRequest, interactionOf, registerApp, signOutThroughApp, type TestApp } from '../testing/oidc';
import { decodeJwt } from 'jose';

const PASSWORD = 'Correct-Horse-9';

/**
 * One Logout ends the browser's sign-in, whole (flows 4.18, server/auth/sign-out.ts): a step-up an
 * app asked for (`prompt=login`, `acr_values=mfa`) makes a new front door session that the
 * provider's session never stands for when the person leaves before its end; the app's sign-out and
 * the front door's Logout end it too.
 */
describe.each(testDatabases)('a Logout of a browser on $name', (target) => {
  let api: Api;
  let notes: TestApp;
  let wiki: TestApp;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createOrganization(api.db, { context: 'vault', name: 'Vault', mfaPolicy: 'REQUIRED' });
    const ada = await createUser(api.db, { email: 'ada@example.com', password: PASSWORD, contexts: ['acme'] });
    await createUser(api.db, { email: 'vera@example.com', password: PASSWORD, contexts: ['vault'] });
    await recordTermsAcceptance(api.db, ada.id, 'acme', 0);
    notes = await registerApp(api.app, api.db, 'notes');
    wiki = await registerApp(api.app, api.db, 'wiki');
  });
  afterAll(() => api.close());

  const stillWorks = async (token: string) => (await call(api.app, { method: 'GET', url: '/acme/user/organizations', token })).statusCode === 200;
  const sessionEnded = async (token: string) => {
    const [row] = await api.db.query<{ ended: boolean }>('SELECT ended_at IS NOT NULL AS ended FROM sessions WHERE id = $1', [decodeJwt(token).sid]);
    return row!.ended;
  };

  /** Ada signs in at Notes in a browser of her own; the app keeps the ID token, the browser the session cookies. */
  async function signedInAtNotes() {
    const { browser, token, tokens } = await appSignIn(api.app, notes, { email: 'ada@example.com', password: PASSWORD, context: 'acme' });
    return { browser, token, idToken: tokens.id_token! };
  }

  /** Notes asks for a step-up; the person types the password again and leaves before the sign-in's end. */
  async function stepUpLeftUnfinished(browser: TestBrowser, ask: Record<string, string>) {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    interactionOf((await browser.follow((await authorizationRequest(notes, ask)).url)).location);
    return browser.signIn('ada@example.com', PASSWORD);
  }

  /** The next visit to an app signs nobody in without a screen. */
  async function asksAgain(browser: TestBrowser) {
    const silent = await authorizationRequest(wiki, { prompt: 'none' });
    expect((await browser.follow(silent.url)).location!.searchParams.get('error')).toBe('login_required');
    expect((await browser.follow((await authorizationRequest(notes)).url)).location!.pathname).toBe('/login');
  }

  it('ends at an app’s sign-out the session of a step-up left at MFA setup, whose token only the tab holds', async () => {
    const { browser, token, idToken } = await signedInAtNotes();
    // acr_values=mfa: the person is sent to set up an authenticator app; the tab keeps the new token.
    const stepUp = await stepUpLeftUnfinished(browser, { acr_values: 'mfa' });
    expect(await stillWorks(stepUp)).toBe(true);

    const { done } = await signOutThroughApp(browser, notes, idToken);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(notes.postLogoutRedirectUri);
    expect(await stillWorks(token)).toBe(false);
    expect(await stillWorks(stepUp)).toBe(false);
    expect([...browser.cookies.keys()].filter((name) => name.startsWith('token'))).toEqual([]);
    await asksAgain(browser);
  });

  it('ends at an app’s sign-out the session of a step-up left at terms or company selection, which the cookies hold', async () => {
    const { browser, token, idToken } = await signedInAtNotes();
    // prompt=login: the new session replaces the cookies, and the person leaves at the next screen.
    const stepUp = await stepUpLeftUnfinished(browser, { prompt: 'login' });
    browser.cookies.set('token', stepUp);
    browser.cookies.set('token_acme', stepUp);

    expect((await signOutThroughApp(browser, notes, idToken)).done.statusCode).toBe(303);
    expect(await stillWorks(token)).toBe(false);
    expect(await stillWorks(stepUp)).toBe(false);
    expect([...browser.cookies.keys()].filter((name) => name.startsWith('token'))).toEqual([]);
    await asksAgain(browser);
  });

  it('ends at the front door’s Logout every session the browser holds: its cookies’, the tab’s MFA setup, another person’s since', async () => {
    const { browser, token } = await signedInAtNotes();
    const stepUp = await stepUpLeftUnfinished(browser, { acr_values: 'mfa' });
    // Another person signed in on this browser since, to an organisation that requires MFA: a token
    // that only sets up MFA, in the tab's storage.
    const vera = await browser.signIn('vera@example.com', PASSWORD);
    expect(decodeJwt(vera).purpose).toBe('mfa-setup');

    const logout = await call(api.app, { method: 'GET', url: '/frontdoor/logout', token, headers: { cookie: browser.cookieHeader } });
    expect(logout.statusCode).toBe(204);
    browser.keep(logout);
    expect(await stillWorks(token)).toBe(false);
    expect(await stillWorks(stepUp)).toBe(false);
    expect(await sessionEnded(vera)).toBe(true);
    expect([...browser.cookies.keys()].filter((name) => name.startsWith('token'))).toEqual([]);
    await asksAgain(browser);

    const audited = await api.db.query<{ detail: { via: string; sessions: number } }>(
      `SELECT detail FROM audit_log WHERE event = 'logout' AND detail->>'via' = 'frontdoor' ORDER BY id DESC LIMIT 2`,
    );
    expect(audited.map((row) => row.detail.sessions).sort()).toEqual([1, 2]);
  });

  it('answers a sign-out where no one is signed in without storing anything: back to the app with its state, else the signed-out page', async () => {
    const stored = async () => Number((await api.db.query<{ count: string }>('SELECT count(*) AS count FROM oidc_payloads'))[0]!.count);
    const before = await stored();
    const browser = new TestBrowser(api.app);
    const toApp = new URL('/oidc/logout', TEST_PUBLIC_URL);
    toApp.search = new URLSearchParams({ client_id: 'notes', post_logout_redirect_uri: notes.postLogoutRedirectUri, state: 'xyz' }).toString();
    for (let asked = 0; asked < 5; asked += 1) {
      const answer = await browser.request('GET', toApp);
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe(`${notes.postLogoutRedirectUri}?state=xyz`);
    }
    const plain = await browser.request('GET', '/oidc/logout');
    expect(plain.statusCode).toBe(303);
    const done = await browser.request('GET', plain.headers.location as string);
    expect(done.body).toContain('You are signed out');
    expect(browser.cookies.has('frontdoor_oidc_session')).toBe(false);
    expect(await stored()).toBe(before);

    // What the engine refuses it still refuses, on its own page: an address the app did not register.
    const stray = await browser.request('GET', `/oidc/logout?client_id=notes&post_logout_redirect_uri=${encodeURIComponent('https://evil.example/')}`);
    expect(stray.statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('counts sign-outs per client address with the provider’s other requests: past 120 a minute it answers 429', async () => {
    const browser = new TestBrowser(api.app, '198.51.100.91');
    for (let sent = 0; sent < 120; sent += 1) expect((await browser.request('GET', '/oidc/logout')).statusCode).toBe(303);
    const refused = await browser.request('GET', '/oidc/logout');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect((await browser.request('POST', '/oidc/logout/confirm', { form: { xsrf: 'x', logout: 'yes' } })).statusCode).toBe(429);
  });

  it('leaves the same person’s sessions in other browsers signed in', async () => {
    const { browser, idToken } = await signedInAtNotes();
    const elsewhere = await new TestBrowser(api.app).signIn('ada@example.com', PASSWORD);
    expect((await signOutThroughApp(browser, notes, idToken)).done.statusCode).toBe(303);
    expect(await stillWorks(elsewhere)).toBe(true);
  });
});
