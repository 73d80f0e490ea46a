/**
 * The cookies of flows 3 and 9, with tiny-cookie: the session cookie (value: the token) and the
 * shared layer's per-context `token_{context}` cookie, both expiring at 80 % of the token's remaining
 * lifetime, Secure (over https: WebKit keeps no Secure cookie written on an http page, not even on a
 * loopback name, server/web/secure-cookie.ts), SameSite=Strict, Path=/ on the product's domain; and the skip-MFA cookie,
 * 'true' with an expiry 0 days ahead, which lasts to the end of the day it was set.
 * A context becomes part of a cookie name only when it is one (rules/context.ts): a name is written
 * into the cookie string as it is, so `acme=x; Domain=...` would set attributes of its own.
 * The option builders are pure, so every attribute is tested; the readers and writers are thin.
 */
import { getCookie, removeCookie, setCookie } from 'tiny-cookie';
import type { SessionToken } from './token';
import { isContext } from '../../rules/context';
import { cookieDomainFor } from '../../rules/landing/cookie-domain';
import { SESSION_COOKIE, contextCookieName } from '../../rules/session-cookies';

export const SKIP_MFA_COOKIE_PREFIX = 'skipMfa_';

export interface CookieAttributes {
  path: '/';
  secure: boolean;
  samesite: 'Strict';
  expires: Date;
  domain?: string;
}

const here = (domain: string | undefined) => cookieDomainFor(domain, globalThis.location?.hostname ?? '');

function attributes(expires: Date, domain: string | undefined): CookieAttributes {
  return { path: '/', secure: globalThis.location?.protocol !== 'http:', samesite: 'Strict', expires, ...(domain ? { domain } : {}) };
}

/** The contexts that can name a cookie; anything else is left out. */
const cookieContexts = (contexts: readonly string[]) => contexts.filter(isContext);

/**
 * The skip-MFA cookie belongs to one user: another user of the same browser is still asked
 * (flows 4.4). A user id is a UUID (openapi/auth.yaml, User); one that could not stand in a cookie
 * name has no cookie.
 */
export function skipMfaCookieName(userId: string): string | undefined {
  return /^[A-Za-z0-9-]{1,64}$/.test(userId) ? `${SKIP_MFA_COOKIE_PREFIX}${userId}` : undefined;
}

/** The session cookie lives for 80 % of what is left of the token's lifetime (flows 9). */
export function sessionCookieAttributes(token: Pick<SessionToken, 'exp'>, now: number, domain?: string): CookieAttributes {
  const remaining = Math.max(0, token.exp * 1000 - now);
  return attributes(new Date(now + Math.floor(remaining * 0.8)), domain);
}

/** 'true', expiring 0 days ahead: at the end of the day it is set, in the user's time zone (flows 9). */
export function skipMfaCookieAttributes(now: number, domain?: string): CookieAttributes {
  const endOfDay = new Date(now);
  endOfDay.setHours(23, 59, 59, 999);
  return attributes(endOfDay, domain);
}

function writeTokenCookies(names: readonly string[], token: SessionToken, domain: string | undefined): void {
  const options = sessionCookieAttributes(token, Date.now(), here(domain));
  for (const name of names) setCookie(name, token.raw, options);
}

const contextCookieNames = (contexts: readonly string[]) => cookieContexts(contexts).map(contextCookieName);

export function writeSessionCookie(token: SessionToken, domain: string | undefined): void {
  writeTokenCookies([SESSION_COOKIE], token, domain);
}

/** The shared layer's `token_{context}` cookies of a session whose own cookie is written (flows 4.9). */
export function writeContextCookies(token: SessionToken, domain: string | undefined, contexts: readonly string[]): void {
  writeTokenCookies(contextCookieNames(contexts), token, domain);
}

/** The contexts, of those given, whose `token_{context}` cookie this browser holds. */
export function contextsWithCookie(contexts: readonly string[]): string[] {
  return cookieContexts(contexts).filter((context) => getCookie(contextCookieName(context)) !== null);
}

export function readSessionCookie(): string | null {
  return getCookie(SESSION_COOKIE);
}

function removeCookies(names: readonly string[], domain: string | undefined): void {
  const onDomain = here(domain);
  const options = onDomain ? { path: '/', domain: onDomain } : { path: '/' };
  for (const name of names) removeCookie(name, options);
}

/** Ends the session in this browser: the session cookie and every per-context cookie. */
export function clearSessionCookies(domain: string | undefined, contexts: readonly string[]): void {
  removeCookies([SESSION_COOKIE, ...contextCookieNames(contexts)], domain);
}

/** The `token_{context}` cookies of contexts a session no longer reaches; the session cookie stays. */
export function clearContextCookies(domain: string | undefined, contexts: readonly string[]): void {
  removeCookies(contextCookieNames(contexts), domain);
}

export function writeSkipMfaCookie(domain: string | undefined, userId: string): void {
  const name = skipMfaCookieName(userId);
  if (name) setCookie(name, 'true', skipMfaCookieAttributes(Date.now(), here(domain)));
}

/** Did this user choose Skip today, in this browser? */
export function hasSkippedMfa(userId: string): boolean {
  const name = skipMfaCookieName(userId);
  return name !== undefined && getCookie(name) === 'true';
}
