import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { decodeJwt } from 'jose';
import { testDatabases } from '../testing/databases';
import { call, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { recordTermsAcceptance } from '../db/terms';
import { resetSecondFactor } from '../auth/second-factor-reset';
import { deleteExpiredSessions } from '../db/sessions';
import { TestBrowser, appSignIn, registerApp, signOutThroughApp, type TestApp } from '../testing/oidc';

const PASSWORD = 'Correct-Horse-9';
const OFFLINE = { scope: 'openid email offline_access', prompt: 'consent' };

/**
 * Refresh tokens (flows 4.18, server/oidc/refresh-tokens.ts): an app that asks for offline_access
 * keeps a sign-in past its access token's ten minutes, rotating the refresh token at each use; the
 * token outlives a Logout of the browser and no other end of its front door session.
 */
describe.each(testDatabases)('refresh tokens on $name', (target) => {
  let api: Api;
  let notes: TestApp;
  let ledger: TestApp;
  let people = 0;

  beforeAll(async () => {
    api = await openApi(target, { REFRESH_TOKEN_TTL_SECONDS: '120' });
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    notes = await registerApp(api.app, api.db, 'notes');
    ledger = await registerApp(api.app, api.db, 'ledger', { confidential: true });
  });
  afterAll(() => api.close());

  /** A person of their own (the paths below end all of someone's sessions), signed in at an app with offline_access. */
  async function offlineSignIn(rp: TestApp = notes) {
    people += 1;
    const person = { email: `person${people}@example.com`, password: PASSWORD, context: 'acme' };
    const user = await createUser(api.db, { email: person.email, password: PASSWORD, contexts: ['acme'] });
    await recordTermsAcceptance(api.db, user.id, 'acme', 0);
    const signedIn = await appSignIn(api.app, rp, person, OFFLINE);
    expect(signedIn.tokens.refresh_token).toBeTruthy();
    return { ...signedIn, person, userId: user.id, refreshToken: signedIn.tokens.refresh_token! };
  }

  const refresh = (refreshToken: string, rp: TestApp = notes) => client.refreshTokenGrant(rp.config, refreshToken);
  const refused = (refreshToken: string, rp: TestApp = notes) => expect(refresh(refreshToken, rp)).rejects.toMatchObject({ error: 'invalid_grant' });

  it('gives an app that asks for offline_access a refresh token that rotates at each use, with a fresh ID token and access token', async () => {
    const { refreshToken, tokens } = await offlineSignIn();
    const next = await refresh(refreshToken);
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(refreshToken);
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(next.claims()).toMatchObject({ sub: tokens.claims()!.sub, email: tokens.claims()!.email, org: 'acme' });
    const info = await client.fetchUserInfo(notes.config, next.access_token, tokens.claims()!.sub);
    expect(info.email).toBe(tokens.claims()!.email);
    expect((await refresh(next.refresh_token!)).refresh_token).toBeTruthy();
  });

  it('gives no refresh token to an app that does not ask for offline_access, or asks without prompt=consent', async () => {
    const { person } = await offlineSignIn();
    const withoutConsent = await appSignIn(api.app, notes, person, { scope: 'openid offline_access' });
    expect(withoutConsent.tokens.refresh_token).toBeUndefined();
    const without = await appSignIn(api.app, notes, person);
    expect(without.tokens.refresh_token).toBeUndefined();
  });

  it('revokes the whole chain when a refresh token is used twice, the newest too, and writes it to the audit log', async () => {
    const { refreshToken, userId } = await offlineSignIn(ledger);
    const newest = (await refresh(refreshToken, ledger)).refresh_token!;
    await refused(refreshToken, ledger);
    await refused(newest, ledger);
    const [row] = await api.db.query<{ detail: { client: string } }>(
      `SELECT detail FROM audit_log WHERE event = 'oidc.refresh_token_reused' AND user_id = $1`,
      [userId],
    );
    expect(row?.detail).toEqual({ client: 'ledger' });
  });

  it('goes on after a Logout of the browser, at the front door or through the app: the app keeps working offline', async () => {
    const first = await offlineSignIn();
    expect(
      (await call(api.app, { method: 'GET', url: '/frontdoor/logout', token: first.token, headers: { cookie: first.browser.cookieHeader } })).statusCode,
    ).toBe(204);
    const rotated = (await refresh(first.refreshToken)).refresh_token!;

    // Days later, past the session's own lifetime: the hourly sweep keeps the session it stands on.
    await api.db.query(`UPDATE sessions SET ended_at = now() - interval '2 days', expires_at = now() - interval '1 day' WHERE id = $1`, [
      decodeJwt(first.token).sid,
    ]);
    await deleteExpiredSessions(api.db);
    expect((await refresh(rotated)).access_token).toBeTruthy();

    const second = await offlineSignIn();
    expect((await signOutThroughApp(second.browser, notes, second.tokens.id_token!)).done.statusCode).toBe(303);
    const after = await refresh(second.refreshToken);
    expect((await client.fetchUserInfo(notes.config, after.access_token, second.tokens.claims()!.sub)).sub).toBe(second.userId);
  });

  it('stops when its front door session is signed out on the sessions page, by "Sign out everywhere", a new password elsewhere or a reset of the second factor', async () => {
    const ends: [string, (signedIn: Awaited<ReturnType<typeof offlineSignIn>>) => Promise<void>][] = [
      [
        'the sessions page',
        async ({ token }) => {
          const sid = decodeJwt(token).sid as string;
          expect((await call(api.app, { method: 'DELETE', url: `/acme/user/sessions/${sid}`, token })).statusCode).toBe(204);
        },
      ],
      [
        'Sign out everywhere',
        async ({ token }) => {
          const answer = await call(api.app, { method: 'POST', url: '/acme/user/sessions/sign-out', token, payload: { which: 'all' } });
          expect(answer.statusCode).toBe(200);
        },
      ],
      [
        'a new password set in another session',
        async ({ person }) => {
          const elsewhere = await new TestBrowser(api.app).signIn(person.email, PASSWORD);
          const answer = await call(api.app, {
            method: 'POST',
            url: '/set-password',
            token: elsewhere,
            payload: { password: 'Another-Horse-77', currentPassword: PASSWORD },
          });
          expect(answer.statusCode, answer.body).toBe(200);
        },
      ],
      ['a reset of the second factor', ({ userId }) => resetSecondFactor(api.services, userId)],
    ];
    for (const [path, end] of ends) {
      const signedIn = await offlineSignIn();
      await end(signedIn);
      await expect(refresh(signedIn.refreshToken), path).rejects.toMatchObject({ error: 'invalid_grant' });
      const info = client.fetchUserInfo(notes.config, signedIn.tokens.access_token, signedIn.tokens.claims()!.sub);
      await expect(info, path).rejects.toMatchObject({ status: 401 });
    }
  });

  it('lasts REFRESH_TOKEN_TTL_SECONDS from its first issue, however often it rotates', async () => {
    const { refreshToken } = await offlineSignIn();
    const [row] = await api.db.query<{ seconds: number }>(
      `SELECT extract(epoch FROM expires_at - now())::integer AS seconds FROM oidc_payloads WHERE model = 'RefreshToken' ORDER BY (payload->>'iat')::bigint DESC LIMIT 1`,
    );
    expect(row!.seconds).toBeGreaterThan(110);
    expect(row!.seconds).toBeLessThanOrEqual(120);
    const rotated = (await refresh(refreshToken)).refresh_token!;
    const payload = await api.db.query<{ iiat: number; exp: number }>(
      `SELECT (payload->>'iiat')::bigint AS iiat, (payload->>'exp')::bigint AS exp FROM oidc_payloads WHERE model = 'RefreshToken' AND NOT payload ? 'consumed' ORDER BY (payload->>'iat')::bigint DESC LIMIT 1`,
    );
    expect(Number(payload[0]!.exp) - Number(payload[0]!.iiat)).toBeLessThanOrEqual(120);
    expect(rotated).toBeTruthy();
  });

  it('says in discovery that it issues refresh tokens and takes offline_access', () => {
    const metadata = notes.config.serverMetadata();
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(metadata.scopes_supported).toContain('offline_access');
  });
});
