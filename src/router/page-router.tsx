/**
 * The front door's router (docs/decisions/0013-sign-in-without-the-router.md): an instance over a
 * root element, a history and a route table. A move sets the address, then shows the screen of its
 * row through showScreen (src/router/show-screen.tsx): guard, chunk, texts, title, focus on
 * arrival, scroll. Back and Forward show the screen of the address they reach. An alias, or a
 * guard that sends the visitor elsewhere, replaces the address with its destination, with the
 * carried parameters (flows 2). A screen whose files cannot arrive is shown by a page load of its
 * address, once. A page's first view is shown by the page itself (src/router/start.tsx); this
 * arrives after it has taken over, with the route table. The step a shown screen's form goes on to
 * (RouteRow.next) is prepared once the person engages with it (src/router/prepare-next.ts).
 */
import { addressFlow } from '../flow/address-flow';
import { pathTo, type To } from '../flow/paths';
import { queryString, withCarried } from '../flow/carried';
import type { Flow } from '../flow/flow';
import { ensureDictionary } from '../i18n/locale';
import { matchPath } from '../../rules/route-pattern';
import { matchRoute, type Alias, type RouteMatch, type RouteRow } from './route-table';
import { SCREENS, loadScreen, type ScreenName } from './screens';
import type { PageHistory } from './history';
import { loadPageOnce, pageShown } from './load-page-once';
import { showScreen, showUnavailable } from './show-screen';
import { sessionAtHand } from './session-at-hand';
import { wholeStylesheet } from './whole-stylesheet';
import { prepareWhenEngaged } from './prepare-next';
import { ArrivedScreen } from './ArrivedScreen';
import type { ScreenHostProps } from './ScreenHost';

export interface RouteTable {
  rows: readonly RouteRow[];
  aliases: readonly Alias[];
}

export interface PageRouterOptions {
  root: HTMLElement;
  history: PageHistory;
  table: RouteTable;
  /** The screen the page's first view shows already, if it did; else the router shows the address when told. */
  firstView?: ScreenName | undefined;
  /** Whether the development rows (the toolkit's gallery) are served. */
  gallery?: boolean;
}

export interface PageRouter {
  /** Moves to `href`: a new history entry (or the current one replaced), then its screen; answers once it is shown. */
  navigate(href: string, replace?: boolean): Promise<void>;
  /** Fetches what a move will need, so the press does not wait for it; a failure shows on the press. */
  prepare(to: To): void;
  /** Shows the screen of the current address. */
  showAddress(): Promise<void>;
  /** Stops: no Back or Forward is heard, and no move under way or asked later shows anything. */
  stop(): void;
}

/** What shows for a path of no row. */
const NOT_FOUND: Pick<RouteRow, 'screen' | 'titleKey' | 'sessionless'> = { screen: 'NotFound', titleKey: 'title.not-found', sessionless: true };

export function createPageRouter({ root, history, table, firstView, gallery = false }: PageRouterOptions): PageRouter {
  let moves = 0;
  let stopped = false;
  /** The screen in place and the arrival it came with: a move to another address of it keeps it. */
  let mounted: { screen: ScreenName; arrival: ScreenHostProps['arrival'] } | undefined = firstView && { screen: firstView, arrival: undefined };

  const rows = gallery ? table.rows : table.rows.filter((row) => !row.development);
  const matchOf = (path: string): RouteMatch | undefined => matchRoute(path, rows);
  /** Stops waiting for the person to engage with the screen in place. */
  let stopPreparing = () => {};
  /** The next step of the screen now in place, prepared once the person engages with it. */
  function prepareNextOf(row: RouteRow | undefined): void {
    stopPreparing();
    stopPreparing = row?.next ? prepareWhenEngaged(prepare, { to: row.next }) : () => {};
  }
  if (firstView) {
    const row = matchOf(history.pathname)?.row;
    if (row?.screen === firstView) prepareNextOf(row);
  }

  function aliasOf(path: string): To | undefined {
    for (const alias of table.aliases) {
      const params = matchPath(alias.path, path);
      if (params) return { to: alias.to, params, replace: true };
    }
    return undefined;
  }

  const flowFor = (path: string, params: Record<string, string>, rawSearch: Record<string, string>): Flow =>
    addressFlow(path, params, rawSearch, (to, href) => navigate(href, to.replace), prepare);

  /** The destination of a redirect, with the page's carried parameters. */
  const redirect = (to: To, rawSearch: Record<string, string>) => navigate(pathTo(to) + queryString(withCarried(rawSearch, to.search)), true);

  async function show(scrollToTop: boolean): Promise<void> {
    if (stopped) return;
    const move = (moves += 1);
    const path = history.pathname;
    const href = path + history.search;
    const rawSearch = Object.fromEntries(new URLSearchParams(history.search));
    const alias = aliasOf(path);
    if (alias) return redirect(alias, rawSearch);
    const match = matchOf(path);
    const row = match?.row ?? NOT_FOUND;
    const flow = flowFor(path, match?.params ?? {}, rawSearch);
    // The first screen the router shows takes over what the page shows; each later one arrives.
    const arrival = !mounted ? undefined : mounted.screen === row.screen ? mounted.arrival : { key: move, Arrived: ArrivedScreen };
    const shown = await showScreen(root, {
      row,
      load: () => loadScreen(row.screen),
      flow,
      rawSearch,
      firstView: false,
      arrival,
      current: () => move === moves && !stopped,
    });
    switch (shown.kind) {
      case 'detour':
        return redirect(shown.to, rawSearch);
      case 'unavailable':
        if (move === moves && !loadPageOnce(href, history.load)) void showUnavailable(root, { row, flow, arrival });
        return;
      case 'superseded':
        return;
      case 'shown':
        mounted = { screen: row.screen, arrival };
        prepareNextOf(match?.row);
        pageShown(href);
        if (scrollToTop && typeof scrollTo === 'function') scrollTo(0, 0);
    }
  }

  function navigate(href: string, replace = false): Promise<void> {
    if (replace) history.replace(href);
    else history.push(href);
    return show(true);
  }

  function prepare(to: To): void {
    const match = matchOf(pathTo(to));
    if (!match) return;
    const { screen, sessionless } = match.row;
    Promise.all([SCREENS[screen](), ensureDictionary(), wholeStylesheet(), !sessionless && sessionAtHand()]).catch(() => undefined);
  }

  const unlisten = history.listen(() => void show(false));

  return {
    navigate,
    prepare,
    showAddress: () => show(false),
    stop() {
      stopped = true;
      unlisten();
      stopPreparing();
    },
  };
}
