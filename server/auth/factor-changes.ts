/**
 * Who may change how an account signs in (its passkeys, its authenticator app, its recovery codes):
 * only a recent full sign-in. A full sign-in proved everything the account has: the password and the
 * TOTP code when it has TOTP, or a passkey; a recovery code proves less than a TOTP code (flows
 * 4.14, docs/decisions/0015-what-a-thief-could-have-added.md). A password change keeps the
 * session's time and methods, so renewing a stolen session's password does not make it recent.
 */
import type { Queryable } from '../db/database-types';
import { lockUser, type UserRow } from '../db/users';
import { AuthError } from './errors';
import type { TokenClaims, VerifiedSession } from './tokens';

/** How recent a sign-in must be to change the account's factors. */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;

const nowSeconds = () => Date.now() / 1000;

/**
 * Signed in after the last "This wasn't me" froze factor changes (server/auth/account-alerts.ts), if
 * any. `auth_time` counts whole seconds, so the second of the freeze counts as after it: the freeze
 * ended every session begun before it.
 */
export function isAfterFreeze(claims: TokenClaims, user: Pick<UserRow, 'factors_frozen_at'>): boolean {
  return user.factors_frozen_at === null || (claims.auth_time ?? 0) >= Math.floor(new Date(user.factors_frozen_at).getTime() / 1000);
}

/** Signed in within the last ten minutes, and after the last freeze of factor changes. */
export function isRecentSignIn(claims: TokenClaims, user: Pick<UserRow, 'factors_frozen_at'>, now = nowSeconds()): boolean {
  return (claims.auth_time ?? 0) >= now - RECENT_SIGN_IN_SECONDS && isAfterFreeze(claims, user);
}

/**
 * The session's sign-in proved every factor the account has now. A sign-in made before the
 * authenticator in force was put there by a recovery-code session (or within the same second:
 * `auth_time` counts whole seconds) proved the old one at most, even once the replacement has
 * given it `otp`.
 */
export function isFullSignIn({ claims, user }: Pick<VerifiedSession, 'claims' | 'user'>): boolean {
  const amr = claims.amr ?? [];
  if (amr.includes('rec')) return false;
  const passkey = amr.includes('user') && (amr.includes('hwk') || amr.includes('swk'));
  const setByRecoveryAfter =
    user.totp_set_via === 'recovery' && user.totp_set_at !== null && (claims.auth_time ?? 0) <= Math.floor(new Date(user.totp_set_at).getTime() / 1000);
  const password = amr.includes('pwd') && (!user.totp_secret || (amr.includes('otp') && !setByRecoveryAfter));
  return passkey || password;
}

/** A recent full sign-in: what adding or removing a passkey and replacing the authenticator need. */
export function mayChangeFactors(session: Pick<VerifiedSession, 'claims' | 'user'>, now = nowSeconds()): boolean {
  return session.claims.purpose === 'session' && isFullSignIn(session) && isRecentSignIn(session.claims, session.user, now);
}

/**
 * A session that signed in with a recovery code in the last ten minutes: its user has lost the
 * authenticator, so it may replace it once without a code of the lost one (flows 4.6). The
 * replacement ends every session, this one included, and gives it a new one without `rec`.
 */
export function isRecentRecovery({ claims, user }: Pick<VerifiedSession, 'claims' | 'user'>, now = nowSeconds()): boolean {
  return claims.purpose === 'session' && claims.amr?.includes('rec') === true && isRecentSignIn(claims, user, now);
}

/**
 * Holds the session's user for the caller's transaction and answers the row as it is then, once
 * the session still stands: a password change, a replaced authenticator or "This wasn't me" that
 * ended it while the request was on its way leaves the change undone.
 */
export async function lockSessionUser(tx: Queryable, { claims, user }: Pick<VerifiedSession, 'claims' | 'user'>): Promise<UserRow> {
  const locked = await lockUser(tx, user.id);
  if (!locked || locked.session_generation !== (claims.generation ?? -1)) throw new AuthError('invalid_token', 'The session has ended.');
  return locked;
}
