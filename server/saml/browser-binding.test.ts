import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import { bindNewRequest } from './browser-binding';
import { testDatabases } from '../testing/databases';
import { createDevIdentityProvider, type DevIdentityProvider } from '../dev/identity-provider';
import { signInToken } from '../auth/sign-in';
import { signOutBrowser } from '../auth/sign-out';
import { findUserByEmail } from '../db/users';
import { TEST_CLIENT } from '../testing/accounts';
import {
  base64,
  confirmSession,
  cookiesSetBy,
  insertOrganization,
  insertUser,
  openSamlTestBed,
  postToAcs,
  requestLoginUrl,
  responseFields,
  startLogin,
  type SamlTestBed,
} from '../testing/saml';

let idp: DevIdentityProvider;
beforeAll(async () => {
  idp = await createDevIdentityProvider({});
});

const setCookies = (response: { headers: Record<string, unknown> }) => [response.headers['set-cookie'] ?? []].flat() as string[];

describe.each(testDatabases)('a SAML sign-in bound to the browser that started it, on $name', (target) => {
  let bed: SamlTestBed;

  beforeAll(async () => {
    bed = await openSamlTestBed(target, idp);
    await insertOrganization(bed.db, idp, { context: 'acme' });
    await insertUser(bed.db, 'ada@example.com', 'acme');
    await insertUser(bed.db, 'mallory@example.com', 'acme');
  });
  afterAll(async () => {
    await bed.close();
  });

  /** A login started by one browser and the identity provider's genuine answer to it. */
  async function answeredLogin(email = 'ada@example.com') {
    const login = await startLogin(bed.app, 'acme');
    const form = { SAMLResponse: base64(idp.signResponse(responseFields('acme', login.requestId, email))), RelayState: login.relayState };
    return { login, form };
  }

  async function auditEvents(event: string): Promise<number> {
    const [row] = await bed.db.query<{ count: number | string }>('SELECT count(*) AS count FROM audit_log WHERE event = $1', [event]);
    return Number(row!.count);
  }

  it('gives the browser that asks for the login URL a short-lived, HttpOnly, cross-site cookie for the assertion consumer only', async () => {
    const response = await requestLoginUrl(bed.app, 'acme');
    expect(response.statusCode).toBe(200);
    const [cookie, ...others] = setCookies(response);
    expect(others).toEqual([]);
    expect(cookie).toMatch(/^frontdoor_saml_request=[A-Za-z0-9_-]{43}; /);
    const attributes = cookie!.split('; ').slice(1);
    // Over http (this bed's PUBLIC_URL), the identity provider is a development one on the same site.
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=600', 'Path=/api/saml2/acme/acs', 'SameSite=Lax']);
  });

  it('refuses an answer posted by a browser without the login cookie, audits it and hands out no session', async () => {
    const { form } = await answeredLogin();
    const before = await auditEvents('saml.rejected');
    const answer = await postToAcs(bed.app, 'acme', form, '');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, code: 'saml_rejected' });
    expect(answer.headers.location).toBeUndefined();
    expect(await auditEvents('saml.rejected')).toBe(before + 1);
    expect(bed.logs.join('\n')).toContain('the browser did not start this login');
  });

  it('refuses an answer posted by a browser holding the cookie of another login (login CSRF)', async () => {
    // The attacker answers their own login; the victim's browser holds the cookie of the victim's.
    const attacker = await answeredLogin('mallory@example.com');
    const victim = await startLogin(bed.app, 'acme');
    const answer = await postToAcs(bed.app, 'acme', attacker.form, victim.cookie);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'saml_rejected' });
    // The refused post spent nothing: the attacker's own browser could still finish that login.
    expect((await postToAcs(bed.app, 'acme', attacker.form)).statusCode).toBe(303);
  });

  it('refuses a cookie whose value was changed', async () => {
    const { login, form } = await answeredLogin();
    const changed = login.cookie.replace(/=(.)/, (_match, first: string) => `=${first === 'A' ? 'B' : 'A'}`);
    expect((await postToAcs(bed.app, 'acme', form, changed)).statusCode).toBe(400);
  });

  it('clears the login cookie and names the session it hands out in a cookie for the confirmation only', async () => {
    const { form } = await answeredLogin();
    const answer = await postToAcs(bed.app, 'acme', form);
    expect(answer.statusCode).toBe(303);
    const [cleared, session] = setCookies(answer);
    expect(cleared).toBe('frontdoor_saml_request=; Max-Age=0; Path=/api/saml2/acme/acs; HttpOnly; SameSite=Lax');
    expect(session).toMatch(/^frontdoor_saml_session=[0-9a-f]{64}; Max-Age=300; Path=\/api\/saml2\/session; HttpOnly; SameSite=Strict$/);
  });

  it('confirms the session handed to this browser once', async () => {
    const { form } = await answeredLogin();
    const answer = await postToAcs(bed.app, 'acme', form);
    const lcq = new URL(answer.headers.location as string).searchParams.get('lcq')!;
    const browser = cookiesSetBy(answer)
      .split('; ')
      .find((cookie) => cookie.startsWith('frontdoor_saml_session='))!;

    const confirmed = await confirmSession(bed.app, lcq, browser);
    expect(confirmed.statusCode).toBe(200);
    // The organisation's terms are not accepted yet: the app shows them next (flows 4.8).
    expect(confirmed.json()).toEqual({ termsAccepted: [] });
    // The browser's device cookie (server/api/device-cookie.ts) comes with its first confirmed sign-in.
    expect(setCookies(confirmed)).toEqual([
      'frontdoor_saml_session=; Max-Age=0; Path=/api/saml2/session; HttpOnly; SameSite=Strict',
      expect.stringMatching(/^frontdoor_device=[\w-]{43}; Max-Age=34560000; Path=\/api; HttpOnly; SameSite=Strict$/),
      expect.stringMatching(/^frontdoor_device=[\w-]{43}; Max-Age=34560000; Path=\/oidc; HttpOnly; SameSite=Strict$/),
    ]);
    // The cookie is spent: the same browser cannot confirm the session a second time.
    const again = await confirmSession(bed.app, lcq, '');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ statusCode: 403, code: 'forbidden' });
  });

  it('refuses a link carrying someone else’s genuine session, audited', async () => {
    // The attacker signs in on their own and sends the victim /login/sso/success?lcq=<that session>.
    const mallory = (await findUserByEmail(bed.db, 'mallory@example.com'))!;
    const { token } = await signInToken(bed.services, mallory, { via: 'saml', context: 'acme' }, ['saml'], TEST_CLIENT);
    const before = await auditEvents('saml.session_refused');
    // The victim's browser holds no confirmation cookie, or the one of the victim's own sign-in.
    expect((await confirmSession(bed.app, token, '')).statusCode).toBe(403);
    const victim = await postToAcs(bed.app, 'acme', (await answeredLogin()).form);
    const victimCookie = cookiesSetBy(victim)
      .split('; ')
      .find((cookie) => cookie.startsWith('frontdoor_saml_session='))!;
    expect((await confirmSession(bed.app, token, victimCookie)).statusCode).toBe(403);
    expect(await auditEvents('saml.session_refused')).toBe(before + 2);
  });

  it('makes the confirmed session one of its browser’s: a Logout there ends it, though the answer came without the device cookie', async () => {
    const answer = await postToAcs(bed.app, 'acme', (await answeredLogin()).form);
    const lcq = new URL(answer.headers.location as string).searchParams.get('lcq')!;
    const binding = cookiesSetBy(answer)
      .split('; ')
      .find((cookie) => cookie.startsWith('frontdoor_saml_session='))!;
    const device = setCookies(await confirmSession(bed.app, lcq, binding))
      .find((cookie) => cookie.startsWith('frontdoor_device='))!
      .split(';')[0]!
      .split('=')[1]!;
    await bed.services.tokens.verifySession(lcq);
    // The browser's Logout, with no token of this session in hand.
    expect(await signOutBrowser(bed.services, { cookieTokens: [], device, clientAddress: '203.0.113.5', via: 'frontdoor' })).toBe(1);
    await expect(bed.services.tokens.verifySession(lcq)).rejects.toThrow('The session has ended');
  });

  it('answers 401 for a confirmation without a valid session, whatever the cookie', async () => {
    const { form } = await answeredLogin();
    const answer = await postToAcs(bed.app, 'acme', form);
    const lcq = new URL(answer.headers.location as string).searchParams.get('lcq')!;
    const browser = cookiesSetBy(answer)
      .split('; ')
      .find((cookie) => cookie.startsWith('frontdoor_saml_session='))!;
    const [header, payload] = lcq.split('.');
    const unsigned = `${header}.${payload}.`;
    expect((await confirmSession(bed.app, unsigned, browser)).statusCode).toBe(401);
    const none = await bed.app.inject({ method: 'POST', url: '/api/saml2/session', headers: { cookie: browser } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'unauthorized' });
  });
});

describe('the login cookie of a front door served over https', () => {
  it('goes with the identity provider’s cross-site post (SameSite=None), so it is Secure', () => {
    const set: string[] = [];
    const reply = { header: (_name: string, value: string) => set.push(value) } as unknown as FastifyReply;
    bindNewRequest(reply, { apiBasePath: '/api', publicUrl: 'https://auth.example.com' }, 'acme');
    expect(set).toEqual([
      expect.stringMatching(/^frontdoor_saml_request=[\w-]{43}; Max-Age=600; Path=\/api\/saml2\/acme\/acs; HttpOnly; Secure; SameSite=None$/),
    ]);
  });
});
