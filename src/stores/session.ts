/**
 * The session (flows 3 and 4). A password sign-in that goes on to MFA setup keeps its context,
 * token and MFA policy in session storage (flows 4.4); a complete sign-in keeps its token in the
 * session cookie (flows 9). The API client sends whichever is current.
 */
import { atom, computed } from 'nanostores';
import { parseSessionToken, type SessionToken } from '../session/token';
import { clearSessionCookies, readSessionCookie, writeContextCookies, writeSessionCookie } from '../session/cookies';
import { config } from '../config/runtime-config';
import { restoreFromSessionStorage, sessionStored } from './session-storage';
import { $refusals } from './first-view/refusals';

/** The token of a sign-in waiting for MFA setup (session storage 'token'). */
const $flowToken = sessionStored('token');
/** The token of a complete sign-in (the session cookie). */
const $cookieToken = atom<string | undefined>(undefined);

export const $context = sessionStored('context');
/** The MFA policy the login answered with, OPTIONAL or REQUIRED (flows 4.4, 6). */
export const $policy = sessionStored('policy');
/** The TOTP secret URI offered by MFA setup, reused until confirmed (flows 4.6). */
export const $secret = sessionStored('secret');

/** The raw token the API client sends as bearer. */
export const $token = computed([$flowToken, $cookieToken], (flow, cookie) => flow ?? cookie);
/** The claims of that token; undefined without a token or with one that does not parse (flows 3, 8). */
export const $session = computed($token, (token): SessionToken | undefined => parseSessionToken(token));
/** The session of a complete sign-in, from the session cookie (flows 2, Login: a valid stored session). */
export const $storedSession = computed($cookieToken, (token): SessionToken | undefined => parseSessionToken(token));

/** Step 4.4: a password sign-in that goes on to MFA setup keeps its context, token and policy. */
export function beginMfaSetup(answer: { context: string; token: string; policy: string }): void {
  $context.set(answer.context);
  $policy.set(answer.policy);
  $flowToken.set(answer.token);
}

function clearFlowStorage(): void {
  $context.set(undefined);
  $policy.set(undefined);
  $secret.set(undefined);
  $flowToken.set(undefined);
}

/**
 * A complete sign-in (flows 4.5, 4.6, SSO success): the token goes into the session cookie; the
 * shared layer's `token_{context}` cookie follows when a context is entered (enterContext). The
 * flow's session storage is cleared. Answers the session, or undefined for a token that does not parse.
 */
export function establishSession(raw: string): SessionToken | undefined {
  clearFlowStorage();
  const session = parseSessionToken(raw);
  if (session) writeSessionCookie(session, config.cookieDomain);
  $cookieToken.set(session ? raw : undefined);
  return session;
}

/** Restores the flow after a reload or a new page: session storage, and the session cookie. */
export function restoreSession(): void {
  restoreFromSessionStorage();
  $cookieToken.set(readSessionCookie() ?? undefined);
}

let restored = false;

/**
 * Restores the flow once per page, before the first read of the session: the guards' and Login's
 * stored-session check, whichever comes first (src/router/session-at-hand.ts).
 */
export function restoreSessionOnce(): void {
  if (restored) return;
  restored = true;
  restoreSession();
}

/** Ends the session in this browser: cookies and session storage (flows 2, /logout). */
export function endSession(): void {
  clearSessionCookies(config.cookieDomain, $session.get()?.contexts ?? []);
  clearFlowStorage();
  $cookieToken.set(undefined);
}

/** The API refused the session's token (src/api/client.ts): the session ends, and the flow hears of it. */
export function refuseSession(): void {
  endSession();
  $refusals.set($refusals.get() + 1);
}

/** Entering an organisation (flows 4.9): the platform's apps read the shared layer's `token_{context}`. */
export function enterContext(context: string): void {
  const session = $session.get();
  if (session) writeContextCookies(session, config.cookieDomain, [context]);
}
