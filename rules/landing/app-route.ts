/**
 * The carried `route` as a path of the app a person lands in (flows 4.9). A route is a path inside
 * that app, with or without its leading slash (`orders/7` is `/orders/7`); only a value that could
 * take the browser somewhere else is refused. Shared by whatever builds the landing URL.
 */

/** A scheme before any slash: `https:`, `javascript:`, `data:`. The value names another place. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** Backslashes, whitespace and control characters: browsers read `/\host` and `/\t/host` as `//host`. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const REFUSED_CHARACTERS = /[\\\s\u0000-\u001f\u007f-\u009f]/;

/** Any origin will do: the path a route resolves to does not depend on it. */
const SOME_ORIGIN = 'https://app.invalid';

/**
 * The route as a path with its query and fragment, its dot segments resolved, or undefined when it
 * could leave the app: one that starts with `//` or a scheme, holds a backslash, whitespace or a
 * control character, or resolves to a path that starts with `//` (`/.//evil.example`, which an app
 * that navigates to it reads as another host).
 */
export function appRoute(route: string | undefined): string | undefined {
  if (!route || route.startsWith('//') || SCHEME.test(route) || REFUSED_CHARACTERS.test(route)) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(route.startsWith('/') ? route : `/${route}`, SOME_ORIGIN);
  } catch {
    return undefined;
  }
  if (resolved.origin !== SOME_ORIGIN || resolved.username || resolved.password) return undefined;
  if (resolved.pathname.startsWith('//') || resolved.pathname.startsWith('/\\')) return undefined;
  return resolved.pathname + resolved.search + resolved.hash;
}
