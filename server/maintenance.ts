/**
 * Deletes what has served its time, so the shared tables stay small: revocations of tokens that have
 * expired anyway, spent or expired links, finished SAML requests and replay records, ended rate-limit
 * windows, consecutive-failure counts quiet for a day (a lock after 100 failures stays until a
 * reset), and outbox mail older than a week.
 */
import type { Queryable } from './db/database';
import { LOCK_AFTER_FAILURES } from './auth/login-throttle';

export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export async function sweepExpired(db: Queryable): Promise<void> {
  await db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
  await db.query('DELETE FROM one_time_tokens WHERE expires_at < now()');
  await db.query('DELETE FROM saml_requests WHERE expires_at < now()');
  await db.query('DELETE FROM saml_used_assertions WHERE expires_at < now()');
  await db.query(`DELETE FROM rate_counters WHERE key NOT LIKE 'login-account:%' AND window_end < now()`);
  await db.query(
    `DELETE FROM rate_counters WHERE key LIKE 'login-account:%' AND count < $1 AND window_end < now() - interval '1 day'`,
    [LOCK_AFTER_FAILURES],
  );
  await db.query(`DELETE FROM mail_outbox WHERE sent_at < now() - interval '7 days'`);
}
