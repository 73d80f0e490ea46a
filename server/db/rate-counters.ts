/**
 * The rate_counters table, shared by every instance: fixed-window counters (rate limits) and, for
 * keys of failed sign-ins per e-mail, consecutive failures with window_end holding the last one.
 */
import type { Queryable } from './database-types';
import { deleteInBatches } from './batched-delete';

/** Counts one hit of key $1 in a fixed window of $2 seconds; returns the count and the seconds left in the window. */
export const COUNT_HIT = `
  INSERT INTO rate_counters AS c (key, count, window_end) VALUES ($1, 1, now() + make_interval(secs => $2))
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN c.window_end <= now() THEN 1 ELSE c.count + 1 END,
    window_end = CASE WHEN c.window_end <= now() THEN now() + make_interval(secs => $2) ELSE c.window_end END
  RETURNING count, extract(epoch FROM (window_end - now()))::float8 AS remaining`;

export async function countHit(db: Queryable, key: string, windowSeconds: number): Promise<{ count: number; remaining: number }> {
  const [row] = await db.query<{ count: number; remaining: number }>(COUNT_HIT, [key, windowSeconds]);
  return row!;
}

/** Takes one hit back (an attempt that turned out not to count). */
export async function uncountHit(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE rate_counters SET count = greatest(count - 1, 0) WHERE key = $1', [key]);
}

/** The consecutive failures of a key and the seconds since the last one. */
export async function failuresOf(db: Queryable, key: string): Promise<{ count: number; since: number } | undefined> {
  const [row] = await db.query<{ count: number; since: number }>(
    'SELECT count, extract(epoch FROM (clock_timestamp() - window_end))::float8 AS since FROM rate_counters WHERE key = $1',
    [key],
  );
  return row;
}

/** A LIKE pattern of the keys that start with `prefix`, which the index rate_counters_key_prefix serves. */
const startingWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;

/** Deletes the counter of the key and those of keys that start with `prefix`. */
export async function deleteCounters(db: Queryable, key: string, prefix: string): Promise<void> {
  await db.query('DELETE FROM rate_counters WHERE key = $1 OR key LIKE $2', [key, startingWith(prefix)]);
}

/**
 * The start of the keys that count consecutive failed sign-ins of an e-mail
 * (server/auth/login-throttle.ts). Written into the sweep's statements and into the predicates of
 * the indexes they walk (migration 21): a failure count stays a day after its window ends, and
 * a walk of ended windows that skipped them one by one would read a day of them every pass.
 */
export const FAILURE_COUNT_PREFIX = 'login-account:';
const FAILURE_COUNTS = `key LIKE '${FAILURE_COUNT_PREFIX}%'`;
const OTHER_COUNTERS = `key NOT LIKE '${FAILURE_COUNT_PREFIX}%'`;

/**
 * Ended windows; failure counts once quiet for a day, unless they reached the lock, which stays
 * until a password reset deletes it.
 */
export async function deleteEndedCounters(db: Queryable, lockAfter: number): Promise<void> {
  await deleteInBatches(db, 'rate_counters', 'window_end', `window_end < now() AND ${OTHER_COUNTERS}`);
  await deleteInBatches(db, 'rate_counters', 'window_end', `window_end < now() - interval '1 day' AND ${FAILURE_COUNTS} AND count < $1`, [lockAfter]);
}
