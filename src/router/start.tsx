/**
 * A page's start (docs/decisions/0006-first-view-without-compat.md): the prerendered screen of the
 * address comes to life without the route table. The page's entry brings its screen's chunk
 * (scripts/page-entries.ts, docs/decisions/0017-a-page-is-an-entry.md), the page names its title and
 * guard (src/router/scripts-block.ts), and showScreen (src/router/show-screen.tsx) shows it over
 * the prerendered DOM (what was typed stays, caret and all). The router with the route table
 * (src/router/app-router.ts) arrives after the page has taken over; a move made before waits for
 * it, and a page with no screen of its own (the gallery's shell) is shown by it at once.
 */
import { addressFlow } from '../flow/address-flow';
import type { To } from '../flow/paths';
import { matchPath } from '../../rules/route-pattern';
import { startPageLanguage } from './page-texts';
import { scriptsBlock, type PageScreen } from './scripts-block';
import { wholeStylesheet } from './whole-stylesheet';
import { nextTask } from './next-task';
import { loadOnce } from '../platform/load-once';
import { loadPageOnce, pageShown } from './load-page-once';
import { showScreen, showUnavailable, type ScreenLoad } from './show-screen';
import type { PageRouter } from './page-router';
import type { Flow } from '../flow/flow';
import type { ScreenName } from './screens';
import { heldForm, takeHeldForm } from './held-press';

/** A page load of `href`: every path has its prerendered page. */
const loadPage = (href: string) => location.assign(href);

/** The flow of the page's own screen, read from its address; its moves wait for the router. */
function firstViewFlow(screen: PageScreen, router: () => Promise<PageRouter>): { flow: Flow; rawSearch: Record<string, string> } {
  const path = location.pathname;
  const rawSearch = Object.fromEntries(new URLSearchParams(location.search));
  const params = (screen.path && matchPath(screen.path, path)) || {};
  // Should the router fail to arrive, the step is left by a page load: every path has its page.
  const go = (to: To, next: string) =>
    router().then(
      (pageRouter) => pageRouter.navigate(next, to.replace),
      () => loadPage(next),
    );
  const prepare = (to: To) =>
    void router().then(
      (pageRouter) => pageRouter.prepare(to),
      () => undefined,
    );
  return { flow: addressFlow(path, params, rawSearch, go, prepare), rawSearch };
}

/** Shows the page's own screen over its markup; answers whether it did. */
async function showFirstView(root: HTMLElement, screen: PageScreen, load: ScreenLoad, { flow, rawSearch }: ReturnType<typeof firstViewFlow>): Promise<boolean> {
  const href = location.pathname + location.search;
  const shown = await showScreen(root, { row: screen, load, flow, rawSearch, firstView: true });
  if (shown.kind === 'detour') void flow.go({ ...shown.to, replace: true });
  if (shown.kind === 'unavailable' && !loadPageOnce(href, loadPage)) void showUnavailable(root, { row: screen, flow });
  if (shown.kind === 'shown') pageShown(href);
  return shown.kind === 'shown';
}

/**
 * A screen's taking of a press its page held before the takeover, before the screen's first render
 * (Login's `takeHeldPress`): `taken` once it is the screen's; answers whether the press left the screen.
 */
export type TakeHeldPress = (flow: Flow, form: HTMLFormElement, rawSearch: Readonly<Record<string, string>>, taken: () => void) => Promise<boolean>;

/**
 * Starts the page; `load` brings its own screen's chunk, none on a page the router fills (the
 * gallery's shell), and `takePress` the screen's taking of a held press, on a page that sends one.
 */
export async function startPage(root: HTMLElement, load?: ScreenLoad, takePress?: () => Promise<TakeHeldPress>): Promise<void> {
  await nextTask();
  startPageLanguage();
  const screen = load && scriptsBlock().screen;
  // The screen the page shows when the router arrives: its own once shown, or left by a held press.
  let inPlace: ScreenName | undefined;
  // The router, started once: after the page has taken over, or earlier to leave its first view.
  const router = loadOnce(() => import('./app-router').then(({ appRouter }) => appRouter(root, inPlace)));
  if (screen && load) {
    const first = firstViewFlow(screen, router);
    // A press held with its call under way goes on before the screen's first render, which a
    // sign-in that moves on never needs (docs/decisions/0018-one-round-trip-a-step.md).
    const form = takePress && heldForm();
    inPlace = form && screen.screen;
    // A taking that fails renders the screen, which sends a press it had not yet taken again.
    const left = form
      ? await takePress()
          .then((take) => take(first.flow, form, first.rawSearch, takeHeldForm))
          .catch(() => false)
      : false;
    inPlace = undefined;
    if (!left && (await showFirstView(root, screen, load, first))) inPlace = screen.screen;
  }
  // The takeover's render is a task of its own: what follows it waits for the next.
  await nextTask();
  void wholeStylesheet();
  void router().then(
    (pageRouter) => {
      if (!screen) void pageRouter.showAddress();
    },
    () => {
      if (!screen) loadPageOnce(location.pathname + location.search, loadPage);
    },
  );
}

/** What a page's entry calls: the page started in its root. */
export function bootPage(load?: ScreenLoad, takePress?: () => Promise<TakeHeldPress>): void {
  const root = document.getElementById('root');
  if (root) void startPage(root, load, takePress);
}
