/**
 * The account_alerts table: the "This wasn't me" link of each alert mail (server/auth/account-alerts.ts),
 * named by the SHA-256 of its random value, with what it undoes.
 */
import type { Queryable } from './database';

export interface AccountAlertRow {
  user_id: string;
  event: string;
  /** The passkey an alert about a passkey names. */
  passkey_id: string | null;
  happened_at: Date;
}

export async function insertAccountAlert(
  db: Queryable,
  alert: { hash: string; userId: string; event: string; passkeyId?: string | undefined; happenedAt: Date; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO account_alerts (token_hash, user_id, event, passkey_id, happened_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [alert.hash, alert.userId, alert.event, alert.passkeyId ?? null, alert.happenedAt.toISOString(), alert.ttlSeconds],
  );
}

/** Uses the link once, atomically: of two uses only one gets its alert, and none once it expired. */
export async function spendAccountAlert(db: Queryable, hash: string): Promise<AccountAlertRow | undefined> {
  const rows = await db.query<AccountAlertRow>(
    `UPDATE account_alerts SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id, event, passkey_id, happened_at`,
    [hash],
  );
  const [row] = rows;
  return row && { ...row, happened_at: new Date(row.happened_at) };
}

/** Every other unused link of the user: one "This wasn't me" answers for all the alerts before it. */
export async function spendAccountAlertsOf(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE account_alerts SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}

export async function deleteExpiredAccountAlerts(db: Queryable): Promise<void> {
  await db.query('DELETE FROM account_alerts WHERE expires_at < now()');
}
