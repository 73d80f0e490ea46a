/**
 * Where the front door continues after a SAML login. `returnTo` carries the query of the page to come
 * back to (app, domain, route: flows 2); it must stay on the front door's own origin so the
 * login URL cannot become an open redirect (contract, getSamlLoginUrl).
 */

/** The query parameters carried through every step of the sign-in flow (flows 2). */
const CARRIED_PARAMETERS = ['app', 'domain', 'route'] as const;

/**
 * A path starting with one `/`, or an absolute URL on publicUrl's origin. Backslashes, whitespace and
 * control characters are refused outright: browsers read `/\host` and `/\t/host` as `//host`.
 */
export function isFrontDoorLocation(returnTo: string, publicUrl: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\s\\\u0000-\u001f\u007f]/.test(returnTo)) return false;
  if (returnTo.startsWith('/')) {
    if (returnTo.startsWith('//')) return false;
  } else if (!URL.canParse(returnTo)) {
    return false;
  }
  return new URL(returnTo, publicUrl).origin === new URL(publicUrl).origin;
}

/** /login/sso/success with the session token in lcq (flows 2) and the carried app, domain, route. */
export function ssoSuccessUrl(publicUrl: string, token: string, returnTo: string): string {
  const target = new URL('/login/sso/success', publicUrl);
  target.searchParams.set('lcq', token);
  const carried = returnTo ? new URL(returnTo, publicUrl).searchParams : new URLSearchParams();
  for (const name of CARRIED_PARAMETERS) {
    const value = carried.get(name);
    if (value !== null) target.searchParams.set(name, value);
  }
  return target.toString();
}
