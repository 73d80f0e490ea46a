/**
 * The token tables: revoked_tokens (logout, on every instance) and one_time_tokens (invitation and
 * reset links, each usable once), and what verifying a session reads about its user.
 */
import type { Queryable } from './database-types';
import type { UserRow } from './users';

/** The session's user with whether the token was revoked: one read per authenticated call. */
export async function sessionUser(db: Queryable, jti: string, userId: string): Promise<{ revoked: boolean; user: UserRow } | undefined> {
  const [row] = await db.query<UserRow & { revoked: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $1) AS revoked, users.* FROM users WHERE id = $2',
    [jti, userId],
  );
  if (!row) return undefined;
  const { revoked, ...user } = row;
  return { revoked, user };
}

export async function revokeToken(db: Queryable, jti: string, expiresAtSeconds: number): Promise<void> {
  await db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING', [jti, expiresAtSeconds]);
}

export async function insertOneTimeToken(
  db: Queryable,
  token: { id: string; hash: string; userId: string; purpose: 'invitation' | 'reset'; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO one_time_tokens (id, token_hash, user_id, purpose, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [token.id, token.hash, token.userId, token.purpose, token.ttlSeconds],
  );
}

/** Is the link still usable (not spent, not expired)? */
export async function isOneTimeTokenUnspent(db: Queryable, id: string, hash: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM one_time_tokens WHERE id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now()', [id, hash]);
  return rows.length > 0;
}

/** Marks the link used, atomically: of two uses only one gets true. */
export async function spendOneTimeToken(db: Queryable, id: string, hash: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE one_time_tokens SET used_at = now()
     WHERE id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now() RETURNING id`,
    [id, hash],
  );
  return rows.length > 0;
}

/** A new password spends every unused link of the user. */
export async function spendUserOneTimeTokens(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE one_time_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}

/** Revocations of tokens that have expired anyway, and expired links. */
export async function deleteExpiredTokens(db: Queryable): Promise<void> {
  await db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
  await db.query('DELETE FROM one_time_tokens WHERE expires_at < now()');
}
