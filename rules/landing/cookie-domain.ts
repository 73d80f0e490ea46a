/**
 * The domain the session's cookies are set on (flows 9): the product's domain when the page is on
 * it, else none (the cookie stays on the page's host). A browser refuses a cookie for a domain the
 * page is not under, and the front door may be reached by another name (an address, a proxy's
 * host). The app writes the cookies (src/session/cookies.ts); the server removes a
 * signed-out browser's at a Logout (server/web/session-cookies.ts).
 */
export function cookieDomainFor(domain: string | undefined, hostname: string): string | undefined {
  if (!domain) return undefined;
  const name = domain.replace(/^\./, '').toLowerCase();
  const host = hostname.toLowerCase();
  return host === name || host.endsWith(`.${name}`) ? name : undefined;
}
