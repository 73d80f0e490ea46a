/**
 * The address the router reads and changes: the browser's history on a page, a memory one in the
 * router's tests (src/testing/memory-history.ts).
 */
export interface PageHistory {
  /** The address's path, e.g. /company/acme/terms. */
  readonly pathname: string;
  /** The address's query, with its `?`, or empty. */
  readonly search: string;
  push(href: string): void;
  replace(href: string): void;
  /** Calls `onPop` when Back or Forward reach another entry; answers how to stop listening. */
  listen(onPop: () => void): () => void;
  /** Loads the address as a whole page: every path has a prerendered one. */
  load(href: string): void;
}

export function browserHistory(): PageHistory {
  return {
    get pathname() {
      return location.pathname;
    },
    get search() {
      return location.search;
    },
    push: (href) => history.pushState(null, '', href),
    replace: (href) => history.replaceState(null, '', href),
    listen(onPop) {
      addEventListener('popstate', onPop);
      return () => removeEventListener('popstate', onPop);
    },
    load: (href) => location.assign(href),
  };
}
