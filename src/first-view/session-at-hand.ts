/**
 * The session's stores, read from the browser (cookies, session storage) once, before a guard, a
 * screen other than a page's first view, or the router reads them. They come in a bundle of their
 * own, so a first view that reads no session, /login's, takes presses without waiting for it
 * (docs/decisions/0014-a-page-carries-its-screen.md).
 */
const load = () =>
  import('./session-guards').then((session) => {
    session.restoreSession();
    return session;
  });

let atHand: ReturnType<typeof load> | undefined;

/** The guards, over a restored session; a load that failed is tried again on the next call. */
export function sessionAtHand(): ReturnType<typeof load> {
  atHand ??= load().catch((error: unknown) => {
    atHand = undefined;
    throw error;
  });
  return atHand;
}
