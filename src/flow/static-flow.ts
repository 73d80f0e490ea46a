/**
 * The flow of a screen shown before the router: read from the page's address, moving on through
 * a handler (the router, once it has arrived), leaving with a plain navigation.
 */
import type { Flow } from './flow';
import { flowSearch, queryString, withCarried } from './carried';
import { pathTo, type To } from './paths';

export function staticFlow(path: string, params: Record<string, string>, rawSearch: Record<string, string>, go: (to: To, href: string) => void): Flow {
  const search = flowSearch(rawSearch);
  const href = (to: To) => pathTo(to) + queryString(withCarried(search, to.search));
  return {
    path,
    params,
    search,
    href,
    go: (to) => go(to, href(to)),
    leave: (url) => window.location.assign(url),
  };
}
