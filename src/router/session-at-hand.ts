/**
 * The session's stores and the guards, the stores read from the browser (cookies, session storage)
 * once, before a guard or a screen other than a page's first view reads them. They come in a bundle of their
 * own, so a first view that reads no session, /login's, takes presses without waiting for it
 * (docs/decisions/0014-a-page-carries-its-screen.md).
 */
import { loadOnce } from '../platform/load-once';

/** The guards, over a restored session. */
export const sessionAtHand = loadOnce(() =>
  import('./session-guards').then((session) => {
    session.restoreSessionOnce();
    return session;
  }),
);
