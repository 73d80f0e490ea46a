/**
 * The token tables: revoked_tokens (logout, on every instance) and one_time_tokens (invitation and
 * reset links, each usable once), and what verifying a session reads about its user.
 */
import type { Queryable } from './database-types';
import { deleteInBatches } from './batched-delete';
import type { UserRow } from './users';

/** What verifying a sign-in token reads of its session: whether it still works, and when it was last active. */
export interface SessionState {
  live: boolean;
  lastActiveAt: Date;
}

/**
 * The session's user with whether the token was revoked and, for a token with a `sid`, its session
 * (server/db/sessions.ts): one read per authenticated call.
 */
export async function sessionUser(
  db: Queryable,
  jti: string,
  userId: string,
  sid: string | undefined,
): Promise<{ revoked: boolean; session: SessionState | undefined; user: UserRow } | undefined> {
  const [row] = await db.query<UserRow & { revoked: boolean; session_live: boolean | null; session_active_at: Date | string | null }>(
    `SELECT EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $1) AS revoked,
       s.ended_at IS NULL AND s.expires_at > now() AS session_live, s.last_active_at AS session_active_at, users.*
     FROM users LEFT JOIN sessions s ON s.id = $3::uuid AND s.user_id = users.id
     WHERE users.id = $2`,
    [jti, userId, sid ?? null],
  );
  if (!row) return undefined;
  const { revoked, session_live, session_active_at, ...user } = row;
  const session = session_live === null || session_active_at === null ? undefined : { live: session_live, lastActiveAt: new Date(session_active_at) };
  return { revoked, session, user };
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
  await deleteInBatches(db, 'revoked_tokens', 'expires_at', 'expires_at < now()');
  await deleteInBatches(db, 'one_time_tokens', 'expires_at', 'expires_at < now()');
}
