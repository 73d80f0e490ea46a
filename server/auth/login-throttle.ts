/**
 * Throttling of failed passwords and codes (issue: "Guessing"), per account and per client address.
 * Per account: the first 5 consecutive failures are free; after that each attempt waits
 * 2^(failures-5) seconds (at most 15 minutes) after the last failure; at 100 consecutive failures the
 * account signs in again only after a password reset. Per address: 30 failures in 15 minutes.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import type { UserRow } from './accounts';
import { LIMITS, count, hit, tooManyRequests } from './rate-limit';

export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
export const LOCK_AFTER_FAILURES = 100;

export function accountDelaySeconds(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

/** Refuses the attempt before any password is checked when the account or address must wait. */
export async function checkLoginAllowed(db: Queryable, request: FastifyRequest, user: UserRow | undefined, now = Date.now()) {
  const address = await count(db, LIMITS.loginFailuresPerAddress, request.ip);
  if (address.count >= LIMITS.loginFailuresPerAddress.max) throw tooManyRequests(address.retryAfter);
  if (!user) return;
  if (user.failed_logins >= LOCK_AFTER_FAILURES) {
    throw tooManyRequests(MAX_DELAY_SECONDS, 'Too many failed sign-ins. Reset your password to sign in again.');
  }
  const delay = accountDelaySeconds(user.failed_logins);
  const waitUntil = (user.last_failed_login_at?.getTime() ?? 0) + delay * 1000;
  if (waitUntil > now) throw tooManyRequests(Math.ceil((waitUntil - now) / 1000));
}

export async function recordLoginFailure(db: Queryable, request: FastifyRequest, user: UserRow | undefined): Promise<void> {
  await hit(db, LIMITS.loginFailuresPerAddress, request.ip);
  if (user) {
    await db.query('UPDATE users SET failed_logins = failed_logins + 1, last_failed_login_at = now() WHERE id = $1', [user.id]);
  }
}

export async function clearLoginFailures(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET failed_logins = 0, last_failed_login_at = NULL WHERE id = $1 AND failed_logins > 0', [userId]);
}
