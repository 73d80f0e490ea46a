/**
 * A page's first view (docs/decisions/0006-first-view-without-compat.md): the prerendered screen
 * of the address comes to life without the router and without the route table. The page names its
 * screen, title and guard (src/first-view/scripts-block.ts); where the screen reads the session,
 * the stored flow is restored and the guard runs first (src/first-view/session-at-hand.ts); the
 * screen's chunk renders over the prerendered DOM (what was typed stays, caret and all). The
 * page's moves arrive after it has taken over (src/first-view/page-moves.tsx), and start the
 * router only for the toolkit's gallery or a screen that failed to load
 * (docs/decisions/0013-sign-in-without-the-router.md).
 */
import { render } from 'preact';
import { startPageLanguage } from './page-texts';
import { scriptsBlock, type PageScreen } from './scripts-block';
import { wholeStylesheet } from './whole-stylesheet';
import { sessionAtHand } from './session-at-hand';
import { nextTask } from './next-task';
import { loadOnce } from './load-once';
import { FirstView } from '../flow/FirstView';
import { staticFlow } from '../flow/static-flow';
import { loadScreen } from '../flow/screens';
import type { To } from '../flow/paths';
import { matchPath } from '../../rules/route-pattern';

type PageMoves = typeof import('./page-moves');

/**
 * Renders the page's own screen over its prerendered markup; answers whether it did. A guard that
 * sends the visitor elsewhere, or a chunk that fails to load, leaves the page to its moves.
 */
async function showPageScreen(root: HTMLElement, screen: PageScreen, moves: () => Promise<PageMoves>): Promise<boolean> {
  const path = location.pathname;
  const rawSearch = Object.fromEntries(new URLSearchParams(location.search));
  const params = (screen.path && matchPath(screen.path, path)) || {};
  // Should the moves fail to arrive, the step is left by a plain navigation: its page is prerendered.
  const go = (to: To, href: string) =>
    moves().then(
      (page) => page.go(to, href),
      () => location[to.replace ? 'replace' : 'assign'](href),
    );
  const prepare = (to: To) =>
    void moves().then(
      (page) => page.prepare(to),
      () => undefined,
    );
  const flow = staticFlow(path, params, rawSearch, go, prepare);
  let Screen;
  try {
    // Only a screen that reads no session goes without it.
    const session = screen.sessionless ? undefined : sessionAtHand();
    const guard = screen.guard && (await session)?.GUARDS[screen.guard](rawSearch);
    if (guard) {
      void flow.go({ ...guard, replace: true });
      return false;
    }
    [Screen] = await Promise.all([loadScreen(screen.screen), session]);
  } catch {
    // The router shows its error screen, with a way to try again.
    void moves().then((page) => page.handOver());
    return false;
  }
  await nextTask();
  render(
    <FirstView flow={flow} titleKey={screen.titleKey} guarded={Boolean(screen.guard)}>
      <Screen />
    </FirstView>,
    root,
  );
  return true;
}

export async function startFirstView(root: HTMLElement): Promise<void> {
  await nextTask();
  startPageLanguage();
  let shown = false;
  // The page's moves, started once (before the first view is shown, only to leave it).
  const moves = loadOnce(() =>
    import('./page-moves').then((page) => {
      page.startPageMoves(root, shown);
      return page;
    }),
  );
  const { screen } = scriptsBlock();
  shown = screen ? await showPageScreen(root, screen, moves) : false;
  // The takeover's render is a task of its own: what follows it waits for the next.
  await nextTask();
  void wholeStylesheet();
  // The moves arrive once the page has taken over; a page only the router shows starts them at once.
  void moves().then(
    (page) => !screen && page.showAddress(),
    () => undefined,
  );
}
