/**
 * An app signing in through the front door's OpenID Provider in server tests: openid-client as the
 * relying party, its requests answered by the server under test (Fastify's inject, no port), and a
 * browser that keeps the cookies it is given and follows the provider's redirects.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as client from 'openid-client';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { TEST_PUBLIC_URL } from './app';
import { call, freshAddress, login } from './api';
import { createClient } from '../oidc/clients';
import type { Database } from '../db/database-types';

/** Answers a fetch from the server under test, as it would over the network. */
export function serverFetch(app: FastifyInstance): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const body = options.body;
    const answer = await app.inject({
      method: options.method as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: options.headers,
      remoteAddress: freshAddress(),
      ...(body === undefined || body === null
        ? {}
        : { payload: typeof body === 'string' ? body : body instanceof URLSearchParams ? body.toString() : Buffer.from(body as ArrayBuffer) }),
    });
    return toResponse(answer);
  };
}

function toResponse(answer: LightMyRequestResponse): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) headers.append(name, String(one));
  }
  const empty = answer.statusCode === 204 || answer.statusCode === 304;
  return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
}

const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A browser: its cookies (by name, whatever their path: the provider scopes them itself), and the requests it makes. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly address = '203.0.113.9',
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(answer: LightMyRequestResponse): LightMyRequestResponse {
    const setCookies = answer.headers['set-cookie'];
    for (const line of Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }

  /** One request to the front door; `url` absolute (on the issuer) or a path. */
  async request(method: 'GET' | 'POST', url: string | URL, options: { form?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
    const target = new URL(url, TEST_PUBLIC_URL);
    const answer = await this.app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      remoteAddress: this.address,
      headers: {
        cookie: this.cookieHeader,
        'user-agent': BROWSER_AGENT,
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    });
    return this.keep(answer);
  }

  /** A password sign-in in the front door's app, from this browser (its device cookie): the token it answers. */
  async signIn(email: string, password: string): Promise<string> {
    const answer = this.keep(
      await this.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: freshAddress(),
        headers: { cookie: this.cookieHeader, 'user-agent': BROWSER_AGENT },
        payload: { email, password },
      }),
    );
    if (answer.statusCode !== 200) throw new Error(`Sign-in answered ${answer.statusCode}: ${answer.body}`);
    return answer.json<{ token: string }>().token;
  }

  /** Follows the front door's redirects until one leaves it (to an app) or an answer is not a redirect. */
  async follow(url: string | URL): Promise<{ answer: LightMyRequestResponse; location: URL | undefined }> {
    let next = new URL(url, TEST_PUBLIC_URL);
    for (let hops = 0; hops < 10; hops += 1) {
      const answer = await this.request('GET', next);
      const location = answer.headers.location;
      if (answer.statusCode < 300 || answer.statusCode >= 400 || typeof location !== 'string') return { answer, location: undefined };
      next = new URL(location, next);
      if (next.origin !== TEST_PUBLIC_URL || next.pathname === '/login') return { answer, location: next };
    }
    throw new Error('Too many redirects.');
  }
}

export interface TestApp {
  id: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  config: client.Configuration;
  secret?: string;
}

/** Registers an app as the admin command does and discovers the provider as the app would. */
export async function registerApp(
  app: FastifyInstance,
  db: Database,
  id: string,
  options: { confidential?: boolean; backchannelLogoutUri?: string } = {},
): Promise<TestApp> {
  const redirectUri = `https://${id}.apps.test/callback`;
  const postLogoutRedirectUri = `https://${id}.apps.test/`;
  const { secret } = await createClient(db, {
    id,
    name: id,
    redirectUris: [redirectUri],
    postLogoutRedirectUris: [postLogoutRedirectUri],
    confidential: options.confidential === true,
    backchannelLogoutUri: options.backchannelLogoutUri,
  });
  const config = await discoveredApp(app, id, secret);
  return { id, redirectUri, postLogoutRedirectUri, config, ...(secret === undefined ? {} : { secret }) };
}

/** An app's view of the provider, discovered from the server under test (a public app unless `secret`, sent by Basic or in the body). */
export async function discoveredApp(app: FastifyInstance, id: string, secret?: string, method: 'basic' | 'post' = 'basic'): Promise<client.Configuration> {
  const auth = secret === undefined ? client.None() : method === 'basic' ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret);
  const config = await client.discovery(new URL(TEST_PUBLIC_URL), id, undefined, auth, {
    [client.customFetch]: serverFetch(app),
  } as client.DiscoveryRequestOptions);
  config[client.customFetch] = serverFetch(app);
  return config;
}

/** What an app keeps while the browser is away signing in (RFC 7636, OpenID Connect Core 3.1.2.1). */
export interface AuthorizationRequest {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

export async function authorizationRequest(rp: TestApp, extra: Record<string, string> = {}): Promise<AuthorizationRequest> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(rp.config, {
    redirect_uri: rp.redirectUri,
    scope: 'openid email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/** The app's redeeming of the code its callback got, with the checks openid-client makes. */
export function redeem(rp: TestApp, request: AuthorizationRequest, callback: URL) {
  return client.authorizationCodeGrant(rp.config, callback, { pkceCodeVerifier: request.verifier, expectedState: request.state, expectedNonce: request.nonce });
}

/** The ID token verified against the provider's published keys (signature, issuer, audience). */
export async function verifiedIdToken(app: FastifyInstance, rp: TestApp, idToken: string): Promise<JWTPayload> {
  const keys = await (
    await serverFetch(app)(rp.config.serverMetadata().jwks_uri!, { method: 'GET', headers: {}, body: undefined, redirect: 'manual' } as never)
  ).json();
  const jwks = createLocalJWKSet(keys as JSONWebKeySet);
  const { payload } = await jwtVerify(idToken, jwks, { issuer: TEST_PUBLIC_URL, audience: rp.id, algorithms: ['ES256'] });
  return payload;
}

/** The front door's Login page an interaction sends the browser to: its `oidc` interaction and query. */
export function interactionOf(location: URL | undefined): { uid: string; search: URLSearchParams } {
  if (!location || location.pathname !== '/login') throw new Error(`Not sent to Login: ${String(location)}`);
  return { uid: location.searchParams.get('oidc') ?? '', search: location.searchParams };
}

/** A password sign-in in the front door's app: the session token it keeps. */
export async function frontDoorSession(app: FastifyInstance, email: string, password: string, challenge?: string): Promise<string> {
  const answer = await login(app, { email, password, ...(challenge ? { challenge } : {}) });
  if (answer.statusCode !== 200) throw new Error(`Sign-in answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<{ token: string }>().token;
}

/** The app's last step of the sign-in: the session finishes the interaction in the browser that started it. */
export function finish(app: FastifyInstance, browser: TestBrowser, uid: string, token: string, context: string) {
  return call(app, { method: 'POST', url: `/oidc/interactions/${uid}`, token, payload: { context }, headers: { cookie: browser.cookieHeader } });
}

/** An app's sign-out through the provider (RP-initiated logout): the question's page, then Sign out pressed in it. */
export async function signOutThroughApp(browser: TestBrowser, rp: TestApp, idToken: string) {
  const question = await browser.request(
    'GET',
    client.buildEndSessionUrl(rp.config, { id_token_hint: idToken, post_logout_redirect_uri: rp.postLogoutRedirectUri }),
  );
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(question.body)?.[1];
  const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(question.body)?.[1];
  if (!xsrf || !action) throw new Error(`No sign-out question: ${question.statusCode} ${question.body}`);
  const done = await browser.request('POST', action, { form: { xsrf, logout: 'yes' } });
  return { question, done };
}

/**
 * A person's whole sign-in at an app in a browser of their own (its device cookie): the app's
 * request (`extra` added to it), the password in the front door, the finish into `context`, and the
 * app's redeeming of the code. The browser keeps the session cookies, as the front door's app does.
 */
export async function appSignIn(
  app: FastifyInstance,
  rp: TestApp,
  person: { email: string; password: string; context: string },
  extra: Record<string, string> = {},
  browser = new TestBrowser(app),
) {
  const request = await authorizationRequest(rp, extra);
  const { uid } = interactionOf((await browser.follow(request.url)).location);
  const token = await browser.signIn(person.email, person.password);
  browser.cookies.set('token', token);
  browser.cookies.set(`token_${person.context}`, token);
  const finished = await finish(app, browser, uid, token, person.context);
  if (finished.statusCode !== 200) throw new Error(`The finish answered ${finished.statusCode}: ${finished.body}`);
  const { location } = await browser.follow(finished.json<{ redirectTo: string }>().redirectTo);
  const tokens = await redeem(rp, request, location!);
  return { browser, token, tokens };
}
