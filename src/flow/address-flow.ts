/**
 * The flow of a page's address: its path, parameters and carried query, moving on and preparing
 * moves through the handlers given (the router's, src/router/page-router.tsx, on every screen it
 * shows; the start's, src/router/start.tsx, before it), leaving with a plain navigation.
 * Prerendering needs neither handler.
 */
import type { Flow } from './flow';
import { flowSearch, queryString, withCarried } from './carried';
import { pathTo, type To } from './paths';

export function addressFlow(
  path: string,
  params: Record<string, string>,
  rawSearch: Record<string, string>,
  go: (to: To, href: string) => Promise<void> | void,
  prepare: (to: To) => void = () => {},
): Flow {
  const search = flowSearch(rawSearch);
  const href = (to: To) => pathTo(to) + queryString(withCarried(search, to.search));
  return {
    path,
    params,
    search,
    href,
    go: (to) => go(to, href(to)),
    prepare,
    leave: (url, replace) => (replace ? window.location.replace(url) : window.location.assign(url)),
  };
}
