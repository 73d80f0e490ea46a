/**
 * The front door's session cookies as the server meets them (the app writes them,
 * src/session/cookies.ts): `token` and `token_{context}`, Path=/ on the cookie domain. A Logout
 * reads every one the browser sent and clears them on its answer (server/auth/sign-out.ts).
 */
import { cookieDomainFor } from '../../rules/cookie-domain';
import { parseCookieHeader } from './cookie-header';

const SESSION_COOKIE = /^token(?:_[A-Za-z0-9][A-Za-z0-9_-]{0,62})?$/;

/** The session cookies a request carries, by name. */
export function sessionCookiesOf(cookieHeader: string | undefined): Map<string, string> {
  return new Map([...parseCookieHeader(cookieHeader)].filter(([name]) => SESSION_COOKIE.test(name)));
}

/** Set-Cookie values that remove these cookies, with the attributes the app wrote them with. */
export function clearedSessionCookies(names: Iterable<string>, where: { cookieDomain: string | undefined; hostname: string }): string[] {
  const onDomain = cookieDomainFor(where.cookieDomain, where.hostname);
  const domain = onDomain ? `; Domain=${onDomain}` : '';
  return [...names].map((name) => `${name}=; Path=/${domain}; Max-Age=0; Secure; SameSite=Strict`);
}
