/**
 * Where the front door continues after a SAML login. `returnTo` carries the query of the page to come
 * back to (the carried parameters of flows 2, rules/carried.ts); it must stay on the front door's own
 * origin so the login URL cannot become an open redirect (contract, getSamlLoginUrl).
 */
import { carriedSearch } from '../../rules/carried';
import type { SsoRefusal } from '../auth/provisioning';

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

/**
 * /login/sso/success with the session token in lcq (flows 2) and the carried parameters of returnTo,
 * each as its rule allows: the language and the app's route come back from the identity provider.
 */
export function ssoSuccessUrl(publicUrl: string, token: string, returnTo: string): string {
  return ssoReturnUrl(publicUrl, { lcq: token }, returnTo);
}

/** /login/sso/success saying why the person the identity provider vouched for does not come in, with the carried parameters. */
export function ssoRefusedUrl(publicUrl: string, refused: SsoRefusal, returnTo: string): string {
  return ssoReturnUrl(publicUrl, { refused }, returnTo);
}

function ssoReturnUrl(publicUrl: string, own: Record<string, string>, returnTo: string): string {
  const target = new URL('/login/sso/success', publicUrl);
  for (const [name, value] of Object.entries(own)) target.searchParams.set(name, value);
  const query = returnTo ? Object.fromEntries(new URL(returnTo, publicUrl).searchParams) : {};
  for (const [name, value] of Object.entries(carriedSearch(query))) target.searchParams.set(name, value);
  return target.toString();
}
