/**
 * The recovery_codes table: a user's single-use recovery codes, as keyed hashes only
 * (server/auth/recovery-codes.ts).
 */
import type { Queryable } from './database-types';
import { lockUser } from './users';

/**
 * The user's set, replaced as a whole in the caller's transaction: the old codes stop working with
 * it. The user's row is held first, so of two replacements at once the second deletes the first's
 * codes instead of adding a set beside them.
 */
export async function replaceRecoveryCodes(tx: Queryable, userId: string, hashes: string[]): Promise<void> {
  await lockUser(tx, userId);
  await deleteRecoveryCodes(tx, userId);
  await tx.query('INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [userId, hashes]);
}

export async function deleteRecoveryCodes(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
}

/** Marks the code used, atomically: of two takers only one gets true, and none once it was used. */
export async function claimRecoveryCode(db: Queryable, userId: string, hash: string): Promise<boolean> {
  const rows = await db.query('UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id', [
    userId,
    hash,
  ]);
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ left: number }>('SELECT count(*)::int AS left FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
  return row?.left ?? 0;
}
