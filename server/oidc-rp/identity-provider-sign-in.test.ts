import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { testDatabases } from '../testing/databases';
import { openApi, type Api } from '../testing/api';
import { freePort } from '../testing/processes';
import { createOrganization, createUser } from '../admin/operations';
import { runAdmin } from '../admin/cli';
import { loadTotpKey } from '../auth/totp-secrets';
import { DEV_OIDC_CLIENT_ID, devOidcClientSecret, devOidcIssuer } from '../dev/oidc-identity-provider-settings';
import { findUserByEmail } from '../db/users';
import { STATE_COOKIE } from './state-cookie';

/** A browser's cookie jar, as a test keeps it: name to value, across every path. */
type Jar = Map<string, string>;

function keep(jar: Jar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    const value = pair.slice(at + 1);
    if (value === '' || /Max-Age=0/i.test(line)) jar.delete(pair.slice(0, at));
    else jar.set(pair.slice(0, at), value);
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

describe.each(testDatabases)('a sign-in through an organisation’s OpenID Provider on $name', (target) => {
  let api: Api;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    api = await openApi(target, { PUBLIC_URL: origin });
    await api.app.listen({ port, host: '127.0.0.1' });
    await createOrganization(api.db, { context: 'initech', name: 'Initech', ssoMode: 'SAML_ONLY', domains: ['initech.example'] });
    const secret = devOidcClientSecret(loadTotpKey({ totpKey: api.config.totpKey, dataDir: api.config.dataDir }));
    const printed = await runAdmin(
      ['set-oidc', '--context', 'initech', '--issuer', devOidcIssuer(api.config), '--client-id', DEV_OIDC_CLIENT_ID, '--client-secret-stdin'],
      api.services,
      { env: {}, stdin: Readable.from([`${secret}\n`]) },
    );
    expect(printed).toContain(`${origin}/api/oidc-idp/initech/callback`);
    await createUser(api.db, { email: 'peter@initech.example', contexts: ['initech'] });
  });
  afterAll(() => api.close());

  /**
   * The app's call for the identity provider's URL, then the browser through the development
   * provider's sign-in page (typing `email` there), back to the front door's callback: its answer.
   */
  async function signIn(email: string, jar: Jar = new Map(), typed = email): Promise<{ location: URL; jar: Jar }> {
    const asked = await fetch(`${origin}/api/saml2/initech/login?email=${encodeURIComponent(email)}&returnTo=${encodeURIComponent('/login?app=portal')}`);
    expect(asked.status).toBe(200);
    keep(jar, asked);
    let url = new URL(await asked.text());
    let init: RequestInit = {};
    for (let hop = 0; hop < 12; hop += 1) {
      const answer = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: cookieHeader(jar) } });
      keep(jar, answer);
      init = {};
      const location = answer.headers.get('location');
      if (url.pathname.endsWith('/callback')) return { location: new URL(location!, origin), jar };
      if (location) {
        url = new URL(location, url);
        continue;
      }
      // The provider's sign-in page: its form, the address typed.
      const page = await answer.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (!action) throw new Error(`no sign-in form at ${url.href}: ${page.slice(0, 200)}`);
      url = new URL(action.replaceAll('&amp;', '&'), url);
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: typed }).toString(),
      };
    }
    throw new Error('the sign-in did not come back to the callback');
  }

  it('sends the browser to the provider with PKCE S256, state, nonce and the e-mail as login_hint, bound to this browser by a cookie', async () => {
    const asked = await fetch(`${origin}/api/saml2/initech/login?email=peter%40initech.example`);
    const url = new URL(await asked.text());
    expect(url.origin + url.pathname).toBe(`${devOidcIssuer(api.config)}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: DEV_OIDC_CLIENT_ID,
      redirect_uri: `${origin}/api/oidc-idp/initech/callback`,
      response_type: 'code',
      scope: 'openid email',
      code_challenge_method: 'S256',
      login_hint: 'peter@initech.example',
    });
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = asked.headers.getSetCookie().find((line) => line.startsWith(`${STATE_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toContain('Path=/api/oidc-idp/initech/callback');
  });

  it('signs a member in: back to /login/sso/success with a session for the organisation and the app’s parameters', async () => {
    const { location } = await signIn('peter@initech.example');
    expect(location.pathname).toBe('/login/sso/success');
    expect(location.searchParams.get('app')).toBe('portal');
    const token = location.searchParams.get('lcq');
    expect(token).toBeTruthy();
    const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as { contexts: string[]; amr: string[] };
    expect(claims.contexts).toEqual(['initech']);
    expect(claims.amr).toEqual(['oidc']);
  });

  it('refuses an answer in a browser that did not start the sign-in: no session', async () => {
    const { jar } = await signIn('peter@initech.example');
    // Another browser: the same way to the provider, then its answer opened without the first browser's cookie.
    const asked = await fetch(`${origin}/api/saml2/initech/login?email=peter%40initech.example`);
    const stranger: Jar = new Map();
    keep(stranger, asked);
    expect(stranger.has(STATE_COOKIE)).toBe(true);
    jar.delete(STATE_COOKIE);
    const callback = await fetch(`${origin}/api/oidc-idp/initech/callback?code=stolen&state=${new URL(await asked.text()).searchParams.get('state')}`, {
      redirect: 'manual',
      headers: { cookie: cookieHeader(jar) },
    });
    expect(callback.status).toBe(303);
    const location = new URL(callback.headers.get('location')!, origin);
    expect(location.searchParams.get('refused')).toBe('failed');
    expect(location.searchParams.get('lcq')).toBeNull();
  });

  it('takes the address the provider vouched for, not the one typed at the front door: one that is no member is refused', async () => {
    const { location } = await signIn('peter@initech.example', new Map(), 'samir@initech.example');
    // The provider vouched for samir, who is no member where the organisation provisions by invitation.
    expect(location.searchParams.get('refused')).toBe('not-invited');
  });

  it('refuses an address the provider has not verified, even of a member', async () => {
    await createUser(api.db, { email: 'unverified.bill@initech.example', contexts: ['initech'] });
    const { location } = await signIn('unverified.bill@initech.example');
    expect(location.searchParams.get('refused')).toBe('failed');
    expect(location.searchParams.get('lcq')).toBeNull();
  });

  it('creates the account at the first sign-in where the organisation provisions just in time', async () => {
    await runAdmin(['set-provisioning', '--context', 'initech', '--mode', 'JUST_IN_TIME'], api.services, { env: {}, stdin: Readable.from([]) });
    const { location } = await signIn('michael@initech.example');
    expect(location.searchParams.get('lcq')).toBeTruthy();
    expect(await findUserByEmail(api.db, 'michael@initech.example')).toMatchObject({ password_hash: null });
  });

  it('writes why a sign-in was refused to the log and the audit, never the token', async () => {
    const rows = await api.db.query<{ detail: { reason: string; protocol: string } }>(`SELECT detail FROM audit_log WHERE event = 'idp.rejected' ORDER BY id`);
    expect(rows.map((row) => row.detail.protocol)).toContain('oidc');
    expect(rows.map((row) => row.detail.reason)).toEqual(
      expect.arrayContaining(['the browser did not start this sign-in', 'the identity provider has not verified the e-mail address']),
    );
  });

  it('refuses an issuer that is not https, and one whose discovery cannot be read, in one line', async () => {
    const setOidc = (issuer: string) =>
      runAdmin(['set-oidc', '--context', 'initech', '--issuer', issuer, '--client-id', 'x', '--client-secret-stdin'], api.services, {
        env: {},
        stdin: Readable.from(['secret\n']),
      });
    await expect(setOidc('http://idp.example.com')).rejects.toThrow(/--issuer must be an https URL/);
    await expect(setOidc(`${origin}/nothing-here`)).rejects.toThrow(/discovery document could not be read/);
  });
});
