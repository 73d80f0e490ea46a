/**
 * Two apps that sign in through the front door's OpenID Provider as any app would, for the demo and
 * the stories: Notes and Wiki at http://{notes,wiki}.localhost:{port}, outside the cookie domain,
 * each a public client with PKCE, registered at start (`registerDemoApps`). They are built on
 * openid-client, keep their own session in memory, verify the ID token against the published keys,
 * show its claims, hear a back-channel logout, and sign out through the provider, in the browser's
 * language (`devPages.demoApp`, server/i18n/en.ts). Beside them a command line, `terminal`, signs
 * in with the device grant. Registered with the other development pages only.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { localhostFetch } from '../web/localhost-fetch';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/database-types';
import { deleteOidcClient, findOidcClient } from '../db/oidc';
import { createClient } from '../oidc/clients';
import { escapeHtml } from '../web/html';
import { parseCookieHeader } from '../web/cookie-header';
import { allowPageStyles, inlineHash } from '../web/security-headers';
import { htmlPage } from './html-page';
import type { Language } from '../../rules/languages';
import { fillIn, serverTexts, type ServerTexts } from '../i18n/server-texts';
import { pageLanguage } from '../web/language';

export const DEMO_APPS = { notes: 'Notes', wiki: 'Wiki' } as const;
type DemoAppId = keyof typeof DEMO_APPS;

/** http://notes.localhost:8080 for the front door at http://auth.frontdoor.localhost:8080. */
export function demoAppOrigin(publicUrl: string, id: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${id}.localhost${url.port ? `:${url.port}` : ''}`;
}

/** A command line that signs in with the device grant (docs/openid-connect.md): its person types its code on the front door. */
export const DEMO_DEVICE = { id: 'terminal', name: 'Terminal' } as const;

/** Registers the demo apps as clients, again when the front door moved to another port. */
export async function registerDemoApps(db: Queryable, publicUrl: string): Promise<void> {
  if (!(await findOidcClient(db, DEMO_DEVICE.id)))
    await createClient(db, { ...DEMO_DEVICE, redirectUris: [], postLogoutRedirectUris: [], confidential: false, device: true });
  for (const [id, name] of Object.entries(DEMO_APPS)) {
    const origin = demoAppOrigin(publicUrl, id);
    const existing = await findOidcClient(db, id);
    if (existing?.redirect_uris[0] === `${origin}/callback` && existing.backchannel_logout_uri === `${origin}${BACKCHANNEL_LOGOUT_PATH}`) continue;
    if (existing) await deleteOidcClient(db, id);
    await createClient(db, {
      id,
      name,
      redirectUris: [`${origin}/callback`],
      postLogoutRedirectUris: [`${origin}/`],
      confidential: false,
      backchannelLogoutUri: `${origin}${BACKCHANNEL_LOGOUT_PATH}`,
    });
  }
}

/** Where each demo app hears that the front door session it signed in with has ended (back-channel logout). */
const BACKCHANNEL_LOGOUT_PATH = '/backchannel-logout';
/** A logout token's event (OpenID Connect Back-Channel Logout 1.0 section 2.4). */
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** The ways the page offers to ask for a sign-in, as an app would (docs/openid-connect.md). */
const ASKS = {
  login: { prompt: 'login' },
  mfa: { acr_values: 'mfa' },
  none: { prompt: 'none' },
  german: { ui_locales: 'de' },
} as const satisfies Record<keyof ServerTexts['devPages']['demoApp']['asks'], Record<string, string>>;
const ASK_KEYS = new Set(['prompt', 'acr_values', 'ui_locales', 'login_hint', 'max_age', 'org']);

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#fffbea;color:#2b2111}main{max-width:44rem;margin:2rem auto;padding:0 1rem}
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{text-align:left;border-bottom:1px solid #e6dcc0;padding:.4rem .5rem;vertical-align:top;overflow-wrap:anywhere}
a.button{display:inline-block;background:#8a5a00;color:#fff;padding:.6rem 1rem;border-radius:6px;text-decoration:none;font-weight:600}
[role=alert]{background:#fde2e1;border:1px solid #c0392b;padding:.75rem;border-radius:6px}ul{padding-left:1.2rem}`;
const STYLE_HASH = inlineHash(STYLE);

/** A sign-in the page itself could not finish: its words are `devPages.demoApp[problem]`. */
class SignInProblem extends Error {
  constructor(readonly problem: 'noPendingSignIn' | 'noIdToken') {
    super(problem);
  }
}

interface Visit {
  claims?: JWTPayload;
  idToken?: string;
  /** Why the last sign-in failed: what the front door or the client library said, or the page's own problem. */
  error?: { said: string } | { problem: SignInProblem['problem'] };
  pending?: { verifier: string; state: string; nonce: string };
  /** The front door said, by a back-channel logout, that the session this visit signed in with has ended. */
  signedOutByFrontDoor?: boolean;
}

const COOKIE = 'demo_app';

export function registerDemoAppPages(app: FastifyInstance, config: ServerConfig): void {
  const visits = new Map<string, Visit>();
  const hosts = new Map(Object.keys(DEMO_APPS).map((id) => [new URL(demoAppOrigin(config.publicUrl, id)).host, id as DemoAppId]));
  // The app reaches the front door on this machine (server/web/localhost-fetch.ts).
  const loopback: client.CustomFetch = (url, options) => localhostFetch(url, options as RequestInit);
  const discovered = new Map<DemoAppId, Promise<client.Configuration>>();
  const configOf = (id: DemoAppId) => {
    let found = discovered.get(id);
    if (!found) {
      found = client
        .discovery(new URL(config.publicUrl), id, undefined, client.None(), {
          execute: [client.allowInsecureRequests],
          [client.customFetch]: loopback,
        } as client.DiscoveryRequestOptions)
        .then((configuration) => {
          configuration[client.customFetch] = loopback;
          return configuration;
        });
      found.catch(() => discovered.delete(id));
      discovered.set(id, found);
    }
    return found;
  };
  const keysOf = async (configuration: client.Configuration) => {
    const jwksUri = configuration.serverMetadata().jwks_uri ?? new URL(`${config.apiBasePath}/.well-known/jwks.json`, config.publicUrl).href;
    return createLocalJWKSet((await (await loopback(jwksUri, { method: 'GET', headers: {} } as never)).json()) as JSONWebKeySet);
  };

  /**
   * A logout token, verified as the specification says (signature against the published keys, typ,
   * issuer, audience, the event, a sid, no nonce): every visit of this app signed in with that
   * front door session is signed out, and says so.
   */
  const backchannelLogout = async (id: DemoAppId, request: FastifyRequest, reply: FastifyReply) => {
    let body = '';
    for await (const chunk of request.raw) {
      body += String(chunk);
      if (body.length > 16_384) return reply.code(413).send();
    }
    const token = new URLSearchParams(body).get('logout_token');
    try {
      if (!token) throw new Error('no logout_token');
      const configuration = await configOf(id);
      const { payload } = await jwtVerify(token, await keysOf(configuration), {
        issuer: config.publicUrl,
        audience: id,
        algorithms: ['ES256'],
        typ: 'logout+jwt',
      });
      const events = payload.events as Record<string, unknown> | undefined;
      if (typeof payload.sid !== 'string' || !events?.[LOGOUT_EVENT] || 'nonce' in payload) throw new Error('not a logout token');
      for (const visit of visits.values()) {
        if (visit.claims?.aud !== id || visit.claims.sid !== payload.sid) continue;
        delete visit.claims;
        delete visit.idToken;
        visit.signedOutByFrontDoor = true;
      }
      return reply.code(200).header('cache-control', 'no-store').send();
    } catch {
      return reply.code(400).header('cache-control', 'no-store').send({ error: 'invalid_request' });
    }
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const id = hosts.get(request.host.toLowerCase());
    if (!id) return;
    const origin = demoAppOrigin(config.publicUrl, id);
    const url = new URL(request.url, origin);
    if (url.pathname === BACKCHANNEL_LOGOUT_PATH && request.method === 'POST') return backchannelLogout(id, request, reply);
    let visitId = parseCookieHeader(request.headers.cookie).get(COOKIE);
    let visit = visitId ? visits.get(visitId) : undefined;
    if (!visitId || !visit) {
      visitId = randomBytes(16).toString('base64url');
      visit = {};
      visits.set(visitId, visit);
      reply.header('set-cookie', `${COOKIE}=${visitId}; Path=/; HttpOnly; SameSite=Lax`);
    }
    reply.header('cache-control', 'no-store');
    const configuration = await configOf(id);

    if (url.pathname === '/sign-in') {
      const verifier = client.randomPKCECodeVerifier();
      visit.pending = { verifier, state: client.randomState(), nonce: client.randomNonce() };
      const asked = Object.fromEntries([...url.searchParams].filter(([key]) => ASK_KEYS.has(key)));
      const target = client.buildAuthorizationUrl(configuration, {
        redirect_uri: `${origin}/callback`,
        scope: 'openid email',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: visit.pending.state,
        nonce: visit.pending.nonce,
        ...asked,
      });
      return reply.redirect(target.href, 303);
    }
    if (url.pathname === '/callback') {
      const pending = visit.pending;
      delete visit.pending;
      delete visit.error;
      delete visit.signedOutByFrontDoor;
      try {
        if (!pending) throw new SignInProblem('noPendingSignIn');
        const tokens = await client.authorizationCodeGrant(configuration, url, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
        });
        const idToken = tokens.id_token;
        if (!idToken) throw new SignInProblem('noIdToken');
        const { payload } = await jwtVerify(idToken, await keysOf(configuration), { issuer: config.publicUrl, audience: id, algorithms: ['ES256'] });
        visit.claims = payload;
        visit.idToken = idToken;
      } catch (error) {
        // The front door said no (login_required after a sign-out elsewhere): this app's sign-in ends too.
        delete visit.claims;
        delete visit.idToken;
        visit.error =
          error instanceof SignInProblem
            ? { problem: error.problem }
            : { said: error instanceof client.AuthorizationResponseError ? error.error : error instanceof Error ? error.message : String(error) };
      }
      return reply.redirect('/', 303);
    }
    if (url.pathname === '/sign-out') {
      const idToken = visit.idToken;
      visits.delete(visitId);
      if (!idToken) return reply.redirect('/', 303);
      return reply.redirect(client.buildEndSessionUrl(configuration, { id_token_hint: idToken, post_logout_redirect_uri: `${origin}/` }).href, 303);
    }
    const language = pageLanguage(undefined, request.headers['accept-language']);
    if (url.pathname !== '/') {
      const notFound = serverTexts(language).texts.devPages.notFound;
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(htmlPage(language, notFound, [`<h1>${escapeHtml(notFound)}</h1>`]));
    }
    allowPageStyles(reply, [STYLE_HASH]);
    return reply.type('text/html; charset=utf-8').send(demoPage(language, DEMO_APPS[id], visit));
  });
}

function demoPage(language: Language, name: string, visit: Visit): string {
  const { devPages } = serverTexts(language).texts;
  const texts = devPages.demoApp;
  const asks = `<ul>${Object.entries(ASKS)
    .map(
      ([ask, params]) =>
        `<li><a href="/sign-in?${escapeHtml(new URLSearchParams(params).toString())}">${escapeHtml(texts.asks[ask as keyof typeof ASKS])}</a></li>`,
    )
    .join('')}</ul>`;
  const error = !visit.error
    ? ''
    : 'said' in visit.error
      ? `<p role="alert">${escapeHtml(texts.answered)} <code>${escapeHtml(visit.error.said)}</code></p>`
      : `<p role="alert">${escapeHtml(texts[visit.error.problem])}</p>`;
  const signedOut = visit.signedOutByFrontDoor ? `<p role="status">${escapeHtml(texts.signedOutByFrontDoor)}</p>` : '';
  const body = visit.claims
    ? [
        `<p>${fillIn(escapeHtml(texts.signedInAs), { who: `<strong>${escapeHtml(String(visit.claims.email ?? visit.claims.sub))}</strong>` })}</p>`,
        `<table><caption>${escapeHtml(texts.claims)}</caption><thead><tr><th scope="col">${escapeHtml(texts.claim)}</th><th scope="col">${escapeHtml(texts.value)}</th></tr></thead><tbody>${Object.entries(
          visit.claims,
        )
          .map(([claim, value]) => `<tr><th scope="row">${escapeHtml(claim)}</th><td><code>${escapeHtml(JSON.stringify(value))}</code></td></tr>`)
          .join('')}</tbody></table>`,
        `<p><a class="button" href="/sign-out">${escapeHtml(devPages.signOut)}</a></p>`,
      ]
    : [`<p>${escapeHtml(devPages.notSignedIn)}</p>`, `<p><a class="button" href="/sign-in">${escapeHtml(texts.signIn)}</a></p>`];
  return htmlPage(
    language,
    fillIn(texts.title, { app: name }),
    [`<h1>${escapeHtml(name)}</h1>`, `<p>${escapeHtml(texts.intro)}</p>`, error, signedOut, ...body, `<h2>${escapeHtml(texts.otherAsks)}</h2>`, asks],
    [`<style>${STYLE}</style>`],
  );
}
