/**
 * The page's own moves (docs/decisions/0013-sign-in-without-the-router.md), a chunk that arrives
 * once the first view has taken over (src/first-view/start.tsx): a step that moves on sets the
 * address, runs the next route's guard and renders the next screen's chunk in place, with the
 * language's whole dictionary, since the page carries only its first view's texts
 * (docs/decisions/0014-a-page-carries-its-screen.md); Back and Forward show the screen of the
 * address they reach. A path only the router shows, or a chunk that fails to load, hands the page
 * to the router, which owns it from then on. A link's move is prepared on a sign of intent.
 */
import { render } from 'preact';
import { useRef, type ReactNode } from 'react';
import { ALIASES, ROUTER_ONLY_PATHS, matchRoute } from '../flow/route-table';
import { matchPath } from '../../rules/route-pattern';
import { config } from '../config';
import { staticFlow } from '../flow/static-flow';
import { FirstView } from '../flow/FirstView';
import { SCREENS, loadScreen } from '../flow/screens';
import { noteFirstArrival, useArrivalFocus } from '../flow/arrival-focus';
import { pathTo, type To } from '../flow/paths';
import { queryString, withCarried } from '../flow/carried';
import { ensureDictionary } from '../stores/locale';
import { wholeStylesheet } from './whole-stylesheet';
import { sessionAtHand } from './session-at-hand';
import { nextTask } from './next-task';
import { loadRouter, moveOnWithRouter, startRouter } from './router-handover';

/** The first alias the path is, with its parameters. */
function aliasOf(path: string): To | undefined {
  for (const alias of ALIASES) {
    const params = matchPath(alias.path, path);
    if (params) return { to: alias.to, params, replace: true };
  }
  return undefined;
}

/** A screen reached by a move: a new one each time, focused on arrival like the router's. */
function MovedScreen({ children }: { children: ReactNode }) {
  const screen = useRef<HTMLDivElement>(null);
  useArrivalFocus(screen);
  return (
    <div ref={screen} className="fd-screen">
      {children}
    </div>
  );
}

let root: HTMLElement;
let moves = 0;
/** A screen of the page is shown: the next one is a move. */
let shown = false;
let routerOwnsPage = false;

/**
 * Takes the page's moves over: `firstViewShown`, the first view rendered its screen; else the
 * page shows the screen of its address when told (`showAddress`).
 */
export function startPageMoves(pageRoot: HTMLElement, firstViewShown: boolean): void {
  root = pageRoot;
  shown = firstViewShown;
  if (shown) noteFirstArrival();
  addEventListener('popstate', showAddress);
}

/** Hands the page to the router; a failure to load the router shows on its error screen's retry. */
export function handOver(): void {
  routerOwnsPage = true;
  removeEventListener('popstate', showAddress);
  // The router's guards and screens read the session: it is restored first.
  void Promise.all([wholeStylesheet(), sessionAtHand().catch(() => undefined)]).then(() => startRouter(root));
}

/** Moves to another step: the address, then its screen; answers once it is shown. */
export function go(to: To, href: string): Promise<void> {
  // A screen of the first view that moves on after the router took over moves the router.
  if (routerOwnsPage) return moveOnWithRouter(root, href, Boolean(to.replace));
  history[to.replace ? 'replaceState' : 'pushState'](null, '', href);
  return show();
}

/** Fetches what the move will need, so the press does not wait for it; a failure shows on the press. */
export function prepare(to: To): void {
  const match = matchRoute(pathTo(to));
  if (!match) return;
  const needed = routerOwnsPage ? loadRouter() : Promise.all([SCREENS[match.row.screen](), ensureDictionary(), wholeStylesheet(), sessionAtHand()]);
  needed.catch(() => undefined);
}

/** Shows the screen of the page's address. */
export function showAddress(): void {
  void show();
}

async function show(): Promise<void> {
  const move = (moves += 1);
  const path = location.pathname;
  const rawSearch = Object.fromEntries(new URLSearchParams(location.search));
  const redirect = (to: To) => void go({ ...to, replace: true }, pathTo(to) + queryString(withCarried(rawSearch, to.search)));

  const alias = aliasOf(path);
  if (alias) return redirect(alias);
  if (config.gallery && ROUTER_ONLY_PATHS.some((pattern) => matchPath(pattern, path))) return handOver();
  const match = matchRoute(path);

  let Screen;
  try {
    const session = sessionAtHand();
    const guard = match?.row.guard && (await session).GUARDS[match.row.guard](rawSearch);
    if (guard) return redirect(guard);
    // A screen other than the page's own needs the whole stylesheet.
    [Screen] = await Promise.all([loadScreen(match?.row.screen ?? 'NotFound'), ensureDictionary(), shown && wholeStylesheet(), session]);
  } catch {
    // The router shows its error screen, with a way to try again.
    return handOver();
  }
  await nextTask();
  if (move !== moves || routerOwnsPage) return;
  const flow = staticFlow(path, match?.params ?? {}, rawSearch, go, prepare);
  render(
    <FirstView flow={flow} titleKey={match?.row.titleKey ?? 'title.not-found'} guarded={Boolean(match?.row.guard)}>
      {!shown ? (
        <Screen />
      ) : (
        <MovedScreen key={move}>
          <Screen />
        </MovedScreen>
      )}
    </FirstView>,
    root,
  );
  if (!shown) noteFirstArrival();
  shown = true;
}
