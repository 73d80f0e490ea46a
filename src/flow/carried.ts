/**
 * The query parameters carried through every step of the sign-in flow (flows 2): app, domain,
 * route, context, locale and oidc (rules/carried.ts). Validated once, kept on every link and redirect. A value that fails
 * its rule is dropped, never carried on: it could only come from a hand-made or hostile link.
 */
export { CARRIED_KEYS, carriedSearch, type CarriedKey, type CarriedSearch } from '../../rules/carried';
import { CARRIED_KEYS, carriedSearch } from '../../rules/carried';

/** The next step's search: the carried parameters of the current one, then the step's own. */
export function withCarried(current: Readonly<Record<string, unknown>>, next: Readonly<Record<string, string | undefined>> = {}): Record<string, string> {
  const merged: Record<string, string | undefined> = { ...carriedSearch(current), ...next };
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

/** `?a=1&b=2` for a search object (empty for none), in the order given. */
export function queryString(search: Readonly<Record<string, string>>): string {
  const query = new URLSearchParams(search).toString();
  return query ? `?${query}` : '';
}

/** A page's query as screens see it: every parameter as a string, the carried ones only when valid. */
export function flowSearch(raw: Readonly<Record<string, unknown>>): Record<string, string> {
  const search: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' && !(CARRIED_KEYS as readonly string[]).includes(key)) search[key] = value;
  }
  return { ...search, ...carriedSearch(raw) };
}
