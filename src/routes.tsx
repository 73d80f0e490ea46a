/**
 * The router, built from the route table (src/flow/route-table.ts): screens are lazy chunks; the
 * carried parameters (rules/carried.ts) are validated once on the pathless `flow` route; guards
 * are pathless layout routes that redirect before a screen loads.
 */
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router';
import { RootLayout } from './screens/RootLayout';
import { ErrorScreen } from './screens/ErrorScreen';
import { carriedSearch, queryString, withCarried } from './flow/carried';
import { GUARDS, GUARD_NAMES, type GuardName } from './flow/guards';
import { withRouterFlow } from './flow/RouterFlow';
import { ALIASES, ROUTE_TABLE, type RouteRow } from './flow/route-table';
import { loadScreen, type ScreenName } from './flow/screens';
import { pathTo, type To } from './flow/paths';
import { ensureDictionary } from './stores/locale';
import { galleryRoute } from './gallery/gallery-routes';
import { config } from './config';
import type { TextKey } from './i18n/t';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Translation key of the page title (flows 2: titles come from route metadata). */
    titleKey?: TextKey;
  }
}

/** Throws the router's redirect to a destination, with the carried parameters (flows 2). */
function redirectTo(to: To, search: Record<string, unknown>): never {
  throw redirect({ href: pathTo(to) + queryString(withCarried(search, to.search)), replace: true });
}

/** A screen's chunk as the router loads it (src/flow/screens.ts: the first view loads the same chunk). */
const lazyScreen = (name: ScreenName) => lazyRouteComponent(() => loadScreen(name).then((screen) => ({ screen })), 'screen');

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: withRouterFlow(lazyScreen('NotFound')) });

const flow = createRoute({ getParentRoute: () => rootRoute, id: 'flow', validateSearch: carriedSearch });

/** A pathless layout route that sends the visitor elsewhere when its check answers a destination. */
const guardRoute = (guard: GuardName) =>
  createRoute({
    getParentRoute: () => flow,
    id: `guard-${guard}`,
    beforeLoad: ({ location }) => {
      const to = GUARDS[guard](location.search);
      if (to) redirectTo(to, location.search);
    },
  });

const screenRoute = (parent: AnyRoute, row: RouteRow) =>
  createRoute({
    getParentRoute: () => parent,
    path: row.path,
    staticData: { titleKey: row.titleKey },
    // A page carries only its first view's texts: the router's screens need the whole dictionary.
    loader: ensureDictionary,
    component: withRouterFlow(lazyScreen(row.screen), Boolean(row.guard)),
  });

const guards = GUARD_NAMES.map((guard) => {
  const parent = guardRoute(guard);
  return parent.addChildren(ROUTE_TABLE.filter((row) => row.guard === guard).map((row) => screenRoute(parent, row)));
});

const aliases = ALIASES.map((alias) =>
  createRoute({
    getParentRoute: () => flow,
    path: alias.path,
    beforeLoad: ({ params, location }) => redirectTo({ to: alias.to, params }, location.search),
  }),
);

export const routeTree = rootRoute.addChildren([
  flow.addChildren([...aliases, ...ROUTE_TABLE.filter((row) => !row.guard).map((row) => screenRoute(flow, row)), ...guards]),
  // Production has no gallery: /ui is a path like any unknown one there.
  ...(config.gallery ? [galleryRoute(rootRoute)] : []),
]);

/** Query parameters stay plain strings: a `route` or a token must never be read as JSON. */
const parseSearch = (search: string) => Object.fromEntries(new URLSearchParams(search));
const stringifySearch = (search: Record<string, unknown>) =>
  queryString(Object.fromEntries(Object.entries(search).filter((entry): entry is [string, string] => typeof entry[1] === 'string')));

export function createAppRouter(options: Partial<Parameters<typeof createRouter>[0]> = {}) {
  return createRouter({ routeTree, defaultErrorComponent: withRouterFlow(ErrorScreen), defaultPreload: 'intent', parseSearch, stringifySearch, ...options });
}
