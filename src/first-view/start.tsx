/**
 * A page's first view (docs/decisions/0006-first-view-without-compat.md): the prerendered screen
 * of the address comes to life without the router. Where the screen reads the session, the stored
 * flow is restored and the route's guard runs first (src/first-view/session-at-hand.ts); the
 * screen's chunk renders over the prerendered DOM (what was typed stays, caret and all). The page
 * then moves on by itself (src/first-view/page-moves.tsx), and starts the router
 * only for the toolkit's gallery or a screen that failed to load
 * (docs/decisions/0013-sign-in-without-the-router.md).
 */
import { startPageLanguage } from './page-texts';
import { startPageMoves } from './page-moves';
import { wholeStylesheet } from './whole-stylesheet';

/**
 * Ends the current task, so a key press that arrived meanwhile is handled before the next piece
 * of start-up work (the first key press after load waits at most 50 ms).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

export async function startFirstView(root: HTMLElement): Promise<void> {
  await nextTask();
  startPageLanguage();
  await startPageMoves(root, nextTask);
  void wholeStylesheet();
}
