/**
 * The account_alerts table: the "This wasn't me" link of each alert mail (server/auth/account-alerts.ts),
 * named by the SHA-256 of its random value, with what it undoes.
 */
import type { Queryable } from './database-types';
import { deleteInBatches } from './batched-delete';

export interface AccountAlertRow {
  user_id: string;
  event: string;
  happened_at: Date;
}

export async function insertAccountAlert(
  db: Queryable,
  alert: { hash: string; userId: string; event: string; happenedAt: Date; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO account_alerts (token_hash, user_id, event, happened_at, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [alert.hash, alert.userId, alert.event, alert.happenedAt.toISOString(), alert.ttlSeconds],
  );
}

/** The user a link that still works is of, read without holding its row (the caller holds the user's first). */
export async function openAlertUser(db: Queryable, hash: string): Promise<string | undefined> {
  const rows = await db.query<{ user_id: string }>('SELECT user_id FROM account_alerts WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()', [
    hash,
  ]);
  return rows[0]?.user_id;
}

/** Uses the link once, atomically: of two uses only one gets its alert, and none once it expired. */
export async function spendAccountAlert(db: Queryable, hash: string): Promise<AccountAlertRow | undefined> {
  const rows = await db.query<AccountAlertRow>(
    `UPDATE account_alerts SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id, event, happened_at`,
    [hash],
  );
  const [row] = rows;
  return row && { ...row, happened_at: new Date(row.happened_at) };
}

/** When the oldest alert of the user whose link still works happened, if any. */
export async function oldestOpenAlert(db: Queryable, userId: string): Promise<Date | undefined> {
  const [row] = await db.query<{ at: Date | string | null }>(
    'SELECT min(happened_at) AS at FROM account_alerts WHERE user_id = $1 AND used_at IS NULL AND expires_at > now()',
    [userId],
  );
  return row?.at ? new Date(row.at) : undefined;
}

/** Every other unused link of the user: one "This wasn't me" answers for all the alerts before it. */
export async function spendAccountAlertsOf(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE account_alerts SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}

export async function deleteExpiredAccountAlerts(db: Queryable): Promise<void> {
  await deleteInBatches(db, 'account_alerts', 'expires_at', 'expires_at < now()');
}
