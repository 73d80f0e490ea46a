/**
 * A new token for the stored session (flows 4.10, a changed password), an action of the session
 * store, outside the stores' index since only PasswordChange asks for it. The API has revoked the
 * old token, so the session cookie and every `token_{context}` cookie this browser holds for the
 * session's contexts take the new one; a context the new token no longer reaches loses its cookie.
 * Answers the new session, or undefined for a token that does not parse.
 */
import { clearContextCookies, contextsWithCookie, writeContextCookies } from '../session/cookies';
import { config } from '../config/runtime-config';
import type { SessionToken } from '../session/token';
import { $storedSession, establishSession } from './session';

export function renewSession(raw: string): SessionToken | undefined {
  const held = contextsWithCookie($storedSession.get()?.contexts ?? []);
  const session = establishSession(raw);
  if (!session) return undefined;
  const kept = held.filter((context) => session.contexts.includes(context));
  clearContextCookies(
    config.cookieDomain,
    held.filter((context) => !kept.includes(context)),
  );
  writeContextCookies(session, config.cookieDomain, kept);
  return session;
}
