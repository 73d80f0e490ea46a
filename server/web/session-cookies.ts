/**
 * The front door's session cookies as the server meets them (the app writes them,
 * src/session/cookies.ts; their names: rules/session-cookies.ts), Path=/ on the cookie domain. A Logout
 * reads every one the browser sent and clears them on its answer (server/auth/sign-out.ts).
 */
import { cookieDomainFor } from '../../rules/landing/cookie-domain';
import { parseCookieHeader } from './cookie-header';
import { isSessionCookieName } from '../../rules/session-cookies';
import { secureAttribute } from './secure-cookie';

/** The session cookies a request carries, by name. */
export function sessionCookiesOf(cookieHeader: string | undefined): Map<string, string> {
  return new Map([...parseCookieHeader(cookieHeader)].filter(([name]) => isSessionCookieName(name)));
}

/** Set-Cookie values that remove these cookies, with the attributes the app wrote them with. */
export function clearedSessionCookies(names: Iterable<string>, where: { cookieDomain: string | undefined; hostname: string; publicUrl: string }): string[] {
  const onDomain = cookieDomainFor(where.cookieDomain, where.hostname);
  const domain = onDomain ? `; Domain=${onDomain}` : '';
  return [...names].map((name) => `${name}=; Path=/${domain}; Max-Age=0${secureAttribute(where)}; SameSite=Strict`);
}
