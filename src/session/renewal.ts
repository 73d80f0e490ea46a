/**
 * A new token for the stored session (flows 4.10, a changed password), apart from the stores (it
 * holds no state of its own) so it ships only with the screen that needs it
 * (src/screens/PasswordChange.tsx). The API has revoked the old token, so the session cookie and
 * every `token_{context}` cookie this browser holds for the session's contexts take the new one; a
 * context the new token no longer reaches loses its cookie. Answers the new session, or undefined for a token that does not parse.
 */
import { clearSessionCookies, contextsWithCookie, writeSessionCookies } from '../platform/cookies';
import { config } from '../config';
import type { SessionToken } from './token';
import { $storedSession, establishSession } from '../stores/session';

export function renewSession(raw: string): SessionToken | undefined {
  const held = contextsWithCookie($storedSession.get()?.contexts ?? []);
  const session = establishSession(raw);
  if (!session) return undefined;
  const kept = held.filter((context) => session.contexts.includes(context));
  clearSessionCookies(
    config.cookieDomain,
    held.filter((context) => !kept.includes(context)),
  );
  writeSessionCookies(session, config.cookieDomain, kept);
  return session;
}
