import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorHandler } from '../api/errors';
import { loadConfig } from '../config';
import { createDevOidcProvider, devOidcProviderRoutes, devOidcSignInRoutes } from './oidc-identity-provider';
import { DEV_OIDC_CLIENT_ID, DEV_OIDC_IDP_PATH } from './oidc-identity-provider-settings';
import { cookiesSetBy } from '../testing/saml';
import { securityHeadersHook } from '../web/security-headers';

const PUBLIC_URL = 'http://localhost:8080';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the development OpenID Provider’s sign-in page', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const config = loadConfig({ PUBLIC_URL });
    const provider = createDevOidcProvider(config, randomBytes(32));
    app = Fastify();
    app.setErrorHandler(apiErrorHandler);
    app.addHook('onSend', securityHeadersHook(config, []));
    await app.register(devOidcSignInRoutes, { provider });
    await app.register(devOidcProviderRoutes, { provider });
    await app.ready();
  });
  afterAll(() => app.close());

  /** The front door's way into the provider for `hint`: where it sends the browser, and the cookies it set there. */
  async function waitingSignIn(hint: string) {
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: DEV_OIDC_CLIENT_ID,
      redirect_uri: `${PUBLIC_URL}/api/oidc-idp/initech/callback`,
      response_type: 'code',
      scope: 'openid email',
      state: 'state-1',
      nonce: 'nonce-1',
      login_hint: hint,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const asked = await app.inject({ method: 'GET', url: `${DEV_OIDC_IDP_PATH}/auth?${query}` });
    expect(asked.statusCode).toBe(303);
    return { page: new URL(asked.headers.location!, PUBLIC_URL).pathname, cookie: cookiesSetBy(asked) };
  }

  it('asks for the address in the browser’s language, the one the front door passed on filled in, with no inline script or style', async () => {
    const { page, cookie } = await waitingSignIn('ada@initech.example');
    expect(page).toMatch(new RegExp(`^${DEV_OIDC_IDP_PATH}/interaction/[\\w-]+$`));
    const shown = await app.inject({ method: 'GET', url: page, headers: { cookie, 'accept-language': 'de-CH, en;q=0.5' } });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<html lang="de">');
    expect(shown.body).toContain('<h1>Entwicklungs-Identitätsanbieter</h1>');
    expect(shown.body).toMatch(/<input id="email" name="email" type="email"[^>]* value="ada@initech.example">/);
    expect(shown.body).toContain(`<form method="post" action="${page}/login">`);
    expect(shown.body).toContain('<button type="submit">Anmelden</button>');
    expect(shown.body).not.toMatch(/<script|<style|\sstyle=|\son\w+=/);
  });

  it('signs in the address typed and goes on to the front door’s callback with a code, which its page lets its form be sent on to', async () => {
    const { page, cookie } = await waitingSignIn('ada@initech.example');
    const shown = await app.inject({ method: 'GET', url: page, headers: { cookie } });
    expect(shown.headers['content-security-policy']).toContain(`form-action 'self' ${PUBLIC_URL};`);
    const typed = await app.inject({ method: 'POST', url: `${page}/login`, headers: { ...FORM, cookie }, payload: 'email=bob%40initech.example' });
    expect(typed.statusCode).toBe(303);
    const resume = new URL(typed.headers.location!, PUBLIC_URL);
    const back = await app.inject({ method: 'GET', url: `${resume.pathname}${resume.search}`, headers: { cookie: `${cookie}; ${cookiesSetBy(typed)}` } });
    expect(back.statusCode).toBe(303);
    const callback = new URL(back.headers.location!);
    expect(callback.pathname).toBe('/api/oidc-idp/initech/callback');
    expect(callback.searchParams.get('state')).toBe('state-1');
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('refuses what is not an e-mail address, and a page of a sign-in this browser does not hold', async () => {
    const { page, cookie } = await waitingSignIn('ada@initech.example');
    const notAnAddress = await app.inject({ method: 'POST', url: `${page}/login`, headers: { ...FORM, cookie }, payload: 'email=%3Cscript%3E' });
    expect(notAnAddress.statusCode).toBe(400);
    const otherBrowser = await app.inject({ method: 'GET', url: page });
    expect(otherBrowser.statusCode).toBe(400);
    // Only the page that waits for the sign-in lets its form go on to the callback's origin.
    expect(otherBrowser.headers['content-security-policy']).not.toContain(PUBLIC_URL);
    const otherBrowserTyping = await app.inject({ method: 'POST', url: `${page}/login`, headers: FORM, payload: 'email=bob%40initech.example' });
    expect(otherBrowserTyping.statusCode).toBe(400);
    expect(otherBrowserTyping.headers.location).toBeUndefined();
  });
});
