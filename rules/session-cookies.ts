/**
 * The names of the front door's session cookies (flows 3): `token`, and the shared layer's
 * `token_{context}` for each organisation entered. The app writes them (src/session/cookies.ts), the
 * server reads and clears them at a Logout (server/web/session-cookies.ts), and the development
 * pages read them as a platform app does (server/dev/landing-pages.ts).
 */
import { isContext } from './context';

export const SESSION_COOKIE = 'token';
export const CONTEXT_COOKIE_PREFIX = 'token_';

/** The cookie of a context; the caller has checked it is one (isContext), as a name is written as it is. */
export const contextCookieName = (context: string) => `${CONTEXT_COOKIE_PREFIX}${context}`;

/** Is this one of the session cookies' names? */
export function isSessionCookieName(name: string): boolean {
  if (name === SESSION_COOKIE) return true;
  return name.startsWith(CONTEXT_COOKIE_PREFIX) && isContext(name.slice(CONTEXT_COOKIE_PREFIX.length));
}
