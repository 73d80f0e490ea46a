/**
 * Ties a SAML sign-in to the browser that started it, so neither an identity provider's answer
 * posted by another site nor a /login/sso/success link carrying someone else's session signs a
 * victim in (login CSRF):
 * 1. getSamlLoginUrl gives the browser a random nonce in a cookie; the request's ID is the nonce's
 *    SHA-256, so the IdP and RelayState show only the hash and only the browser that holds the nonce
 *    can claim the answer. The IdP's answer is a cross-site POST: over https the cookie is
 *    `SameSite=None`, hence `Secure`. Over http (a development identity provider on a loopback name,
 *    the same site) it is neither: WebKit keeps no Secure cookie set over http, and Chromium refuses
 *    `SameSite=None` without `Secure` (server/web/secure-cookie.ts).
 * 2. The assertion consumer checks that cookie before validating anything, clears it, and names
 *    the session it hands out in a second cookie (the SHA-256 of its jti). That cookie is
 *    `SameSite=Strict`: the app's confirmation is a same-origin call, and a response to a top-level
 *    navigation may set it (RFC 6265bis section 5.7).
 * 3. confirmSamlSession accepts `lcq` only from the browser holding the second cookie, once.
 * Both cookies are HttpOnly and limited to the one path that reads them.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { parseCookieHeader } from '../web/cookie-header';
import { REQUEST_TTL_MS } from './service-provider';
import { secureAttribute } from '../web/secure-cookie';

export const REQUEST_COOKIE = 'frontdoor_saml_request';
export const SESSION_COOKIE = 'frontdoor_saml_session';
/** The app confirms `lcq` at once; this is room for a slow network, not a lifetime. */
const SESSION_COOKIE_SECONDS = 5 * 60;

type Paths = Pick<ServerConfig, 'apiBasePath' | 'publicUrl'>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The path of the organisation's assertion consumer, the only one the request cookie goes to. */
const acsPath = (config: Paths, context: string) => `${config.apiBasePath}/saml2/${context}/acs`;
/** The path of confirmSamlSession, the only one the session cookie goes to. */
export const sessionPath = (config: Paths) => `${config.apiBasePath}/saml2/session`;

function cookie(config: Paths, name: string, value: string, path: string, maxAgeSeconds: number, sameSite: 'None' | 'Strict'): string {
  const secure = secureAttribute(config);
  const site = sameSite === 'None' && !secure ? 'Lax' : sameSite;
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=${path}; HttpOnly${secure}; SameSite=${site}`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Fastify adds each Set-Cookie to those already set on the reply. */
function appendCookie(reply: FastifyReply, value: string): void {
  reply.header('set-cookie', value);
}

/**
 * A new request ID bound to this browser: the ID (a valid xsd:ID of 65 characters, within RelayState's
 * 80 bytes) is set on the reply as the nonce's hash, the nonce itself as the request cookie.
 */
export function bindNewRequest(reply: FastifyReply, config: Paths, context: string): string {
  const nonce = randomBytes(32).toString('base64url');
  appendCookie(reply, cookie(config, REQUEST_COOKIE, nonce, acsPath(config, context), REQUEST_TTL_MS / 1000, 'None'));
  return `_${sha256(nonce)}`;
}

/** Whether the browser posting to the assertion consumer holds the nonce of the request RelayState names. */
export function startedInThisBrowser(request: FastifyRequest, relayState: string): boolean {
  const nonce = parseCookieHeader(request.headers.cookie).get(REQUEST_COOKIE);
  return nonce !== undefined && sameText(`_${sha256(nonce)}`, relayState);
}

/** The request cookie is spent (whatever the answer), the session cookie names the token handed out. */
export function bindSession(reply: FastifyReply, config: Paths, context: string, jti: string): void {
  clearRequest(reply, config, context);
  appendCookie(reply, cookie(config, SESSION_COOKIE, sha256(jti), sessionPath(config), SESSION_COOKIE_SECONDS, 'Strict'));
}

export function clearRequest(reply: FastifyReply, config: Paths, context: string): void {
  appendCookie(reply, cookie(config, REQUEST_COOKIE, '', acsPath(config, context), 0, 'None'));
}

/** Whether this browser was handed the session with this jti; the cookie is spent either way. */
export function takeSessionBinding(request: FastifyRequest, reply: FastifyReply, config: Paths, jti: string): boolean {
  const held = parseCookieHeader(request.headers.cookie).get(SESSION_COOKIE);
  appendCookie(reply, cookie(config, SESSION_COOKIE, '', sessionPath(config), 0, 'Strict'));
  return held !== undefined && sameText(held, sha256(jti));
}
