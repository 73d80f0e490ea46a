/**
 * A sign-in attempt's bookkeeping in rate_counters and login_addresses (the addresses each e-mail
 * signed in from, keyed by the e-mail so known and unknown e-mails read the same), in as few
 * statements as a sign-in allows: one to count the attempt against its address and learn whether
 * the e-mail knows that address, one to settle a success.
 */
import type { Queryable } from './database';

export interface AddressAttempt {
  /** Attempts counted against the address in its window, this one included. */
  count: number;
  /** Seconds left in the address's window. */
  remaining: number;
  /** Did the e-mail sign in from this address within the days asked about? */
  known: boolean;
}

export async function countAddressAttempt(
  db: Queryable,
  attempt: { counterKey: string; windowSeconds: number; email: string; address: string; knownDays: number },
): Promise<AddressAttempt> {
  const [row] = await db.query<AddressAttempt>(
    `WITH hit AS (
       INSERT INTO rate_counters AS c (key, count, window_end) VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.window_end <= now() THEN 1 ELSE c.count + 1 END,
         window_end = CASE WHEN c.window_end <= now() THEN now() + make_interval(secs => $2) ELSE c.window_end END
       RETURNING count, extract(epoch FROM (window_end - now()))::float8 AS remaining)
     SELECT hit.count, hit.remaining, EXISTS (
       SELECT 1 FROM login_addresses
       WHERE email_key = lower($3) AND address = $4 AND last_success > now() - make_interval(days => $5)) AS known
     FROM hit`,
    [attempt.counterKey, attempt.windowSeconds, attempt.email, attempt.address, attempt.knownDays],
  );
  return row!;
}

/** A success: the failure count of `failureKey` is forgiven, the address's count given back, the address remembered. */
export async function settleSuccessfulAttempt(
  db: Queryable,
  success: { failureKey: string; counterKey: string; email: string; address: string },
): Promise<void> {
  await db.query(
    `WITH forgiven AS (DELETE FROM rate_counters WHERE key = $1),
          returned AS (UPDATE rate_counters SET count = greatest(count - 1, 0) WHERE key = $2)
     INSERT INTO login_addresses (email_key, address, last_success) VALUES (lower($3), $4, now())
     ON CONFLICT (email_key, address) DO UPDATE SET last_success = EXCLUDED.last_success`,
    [success.failureKey, success.counterKey, success.email, success.address],
  );
}

export async function deleteLoginAddressesOlderThan(db: Queryable, days: number): Promise<void> {
  await db.query('DELETE FROM login_addresses WHERE last_success < now() - make_interval(days => $1)', [days]);
}
