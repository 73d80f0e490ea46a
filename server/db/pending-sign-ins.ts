/**
 * The pending_sign_ins table: a right password waiting for its TOTP code, named by the hash of a
 * value only the browser holds (server/auth/password-sign-in.ts).
 */
import type { Queryable } from './database-types';
import { deleteInBatches } from './batched-delete';

export interface PendingSignInRow {
  user_id: string;
  session_generation: number;
  /** The password's MAC keyed by the browser's value (server/auth/password-sign-in.ts); none in rows from before migration 26. */
  password_mac: string | null;
}

export async function insertPendingSignIn(
  db: Queryable,
  pending: { idHash: string; userId: string; generation: number; passwordMac: string; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO pending_sign_ins (id_hash, user_id, session_generation, password_mac, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [pending.idHash, pending.userId, pending.generation, pending.passwordMac, pending.ttlSeconds],
  );
}

/** The pending sign-in while it has not expired. */
export async function findPendingSignIn(db: Queryable, idHash: string): Promise<PendingSignInRow | undefined> {
  const rows = await db.query<PendingSignInRow>(
    'SELECT user_id, session_generation, password_mac FROM pending_sign_ins WHERE id_hash = $1 AND expires_at > now()',
    [idHash],
  );
  return rows[0];
}

/**
 * Holds the pending sign-in until the caller's transaction ends; false when it is gone or expired.
 * A second caller waits for the first, and finds nothing once the first deleted it.
 */
export async function holdPendingSignIn(tx: Queryable, idHash: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM pending_sign_ins WHERE id_hash = $1 AND expires_at > now() FOR UPDATE', [idHash]);
  return rows.length > 0;
}

export async function deletePendingSignIn(db: Queryable, idHash: string): Promise<void> {
  await db.query('DELETE FROM pending_sign_ins WHERE id_hash = $1', [idHash]);
}

export async function deleteExpiredPendingSignIns(db: Queryable): Promise<void> {
  await deleteInBatches(db, 'pending_sign_ins', 'expires_at', 'expires_at < now()');
}
