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
    leave,
  };
}

/**
 * A plain navigation to another site. Should the browser bring this page back from its back/forward
 * cache, the screen would stand where it was left, mid-way out ("Loading…", a busy button) with
 * nothing more to come: it is loaded again, and goes where its address leads now, as in a browser
 * that keeps no such page.
 */
function leave(url: string, replace?: boolean): void {
  onpageshow = (event) => event.persisted && location.reload();
  location[replace ? 'replace' : 'assign'](url);
}
