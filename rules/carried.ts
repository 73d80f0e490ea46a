/**
 * The query parameters carried through every step of the sign-in flow (flows 2): app, domain,
 * route, context, locale and oidc, each with the rule a value must follow to be carried on. Shared by the
 * app, which carries them on every link and redirect, and the server, which writes them into a
 * prerendered form so a form sent before the script has arrived keeps them, and puts them on the
 * way back from the identity provider (server/saml/return-to.ts).
 */
import { CONTEXT_PATTERN } from './context';

export const CARRIED_KEYS = ['app', 'domain', 'route', 'context', 'locale', 'oidc'] as const;
export type CarriedKey = (typeof CARRIED_KEYS)[number];
export type CarriedSearch = Partial<Record<CarriedKey, string>>;

const RULES: Record<CarriedKey, RegExp> = {
  // An app name: portal, admin, marketplace, meta (flows 2, outbound URL shapes).
  app: /^[A-Za-z][A-Za-z0-9_-]{0,31}$/,
  // An organisation's context or an e-mail domain (flows 4.2, 4.7).
  domain: /^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/,
  // A path in the target app; whether it stays in the app is decided when the redirect is built
  // (flows 4.9, rules/landing/app-route.ts).
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  route: /^[^\u0000-\u001f\u007f]{1,2048}$/,
  // An organisation's context, whose SAML sign-in starts at once (flows 4.2).
  context: CONTEXT_PATTERN,
  // A language tag (flows 2, 9); whether the interface speaks it is the locale store's business.
  locale: /^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8}){0,3}$/,
  // The OpenID Provider's interaction an app's sign-in waits in: the sign-in ends there, not in a
  // platform app (flows 4.18, server/oidc/interaction-url.ts).
  oidc: /^[A-Za-z0-9_-]{10,64}$/,
};

/** The carried parameters of a search object, each validated by its rule; others are dropped. */
export function carriedSearch(search: Readonly<Record<string, unknown>>): CarriedSearch {
  const carried: CarriedSearch = {};
  for (const key of CARRIED_KEYS) {
    const value = search[key];
    if (typeof value === 'string' && RULES[key].test(value)) carried[key] = value;
  }
  return carried;
}
