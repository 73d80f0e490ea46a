/**
 * Throttling of failed passwords and codes (issue 3, "Guessing"), per e-mail and per client address.
 * Per e-mail, known or not (so a 429 reveals no account): the first 5 consecutive failures are free;
 * after that each attempt waits 2^(failures-5) seconds (at most 15 minutes) after the last one; at
 * 100 consecutive failures only a password reset opens sign-in again. Per address: 30 failures in
 * 15 minutes. An attempt is claimed before the password is checked, so parallel requests cannot
 * outrun the count; a success gives the claim back.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { LIMITS, clientKey, hit, tooManyRequests } from './rate-limit';

export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
export const LOCK_AFTER_FAILURES = 100;

export const accountKey = (email: string) => `login-account:${email.toLowerCase()}`;
const addressKey = (request: FastifyRequest) => `${LIMITS.loginFailuresPerAddress.name}:${clientKey(request)}`;

export function accountDelaySeconds(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

/** Counts the attempt as a failure until it succeeds; refuses it when the e-mail or address must wait. */
export async function claimLoginAttempt(db: Queryable, request: FastifyRequest, email: string): Promise<void> {
  const address = await hit(db, LIMITS.loginFailuresPerAddress, clientKey(request));
  if (!address.allowed) throw tooManyRequests(address.retryAfter);

  // count = consecutive failures, window_end = time of the last one.
  const claimed = await db.query(
    `INSERT INTO rate_counters AS c (key, count, window_end) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET count = c.count + 1, window_end = now()
     WHERE c.count < $2
       AND c.window_end + make_interval(secs => CASE WHEN c.count < $3 THEN 0 ELSE least(power(2, c.count - $3), $4) END) <= now()
     RETURNING count`,
    [accountKey(email), LOCK_AFTER_FAILURES, FREE_FAILURES, MAX_DELAY_SECONDS],
  );
  if (claimed.length > 0) return;

  await releaseAddress(db, request);
  const [row] = await db.query<{ count: number; since: number }>(
    'SELECT count, extract(epoch FROM (now() - window_end))::float8 AS since FROM rate_counters WHERE key = $1',
    [accountKey(email)],
  );
  if (!row || row.count >= LOCK_AFTER_FAILURES) {
    throw tooManyRequests(MAX_DELAY_SECONDS, 'Too many failed sign-ins. Reset your password to sign in again.');
  }
  throw tooManyRequests(Math.max(1, Math.ceil(accountDelaySeconds(row.count) - row.since)));
}

async function releaseAddress(db: Queryable, request: FastifyRequest): Promise<void> {
  await db.query('UPDATE rate_counters SET count = greatest(count - 1, 0) WHERE key = $1', [addressKey(request)]);
}

/** A successful sign-in: the failures of the e-mail are forgiven and the address's claim returned. */
export async function loginSucceeded(db: Queryable, request: FastifyRequest, email: string): Promise<void> {
  await clearLoginFailures(db, email);
  await releaseAddress(db, request);
}

/** A new password (reset, invitation, change) also ends the lock of its e-mail. */
export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM rate_counters WHERE key = $1', [accountKey(email)]);
}
