/**
 * The sessions table: one row per sign-in (server/auth/sessions.ts), named by the `sid` of its
 * tokens, with the device it began on as the person would name it and when it was last active. A
 * row ends when its person signs it out, logs out, or when the user's session generation moves on
 * (a new password, "This wasn't me"): only rows of the current generation are listed and valid.
 */
import type { Queryable } from './database-types';
import { UNFLUSHED_COMMIT, deleteInBatches, inBatches } from './batched-delete';

export interface SessionRow {
  id: string;
  user_id: string;
  generation: number;
  created_at: Date;
  last_active_at: Date;
  expires_at: Date;
  browser: string;
  system: string;
  /** The client address with its last part hidden (server/auth/sessions.ts). */
  address: string;
}

export interface NewSession {
  id: string;
  userId: string;
  generation: number;
  ttlSeconds: number;
  browser: string;
  system: string;
  address: string;
  /** The SHA-256 of the device cookie of the browser it began in, where the sign-in carried one. */
  deviceHash: string | undefined;
}

export async function insertSession(db: Queryable, session: NewSession): Promise<void> {
  await db.query(
    `INSERT INTO sessions (id, user_id, generation, expires_at, browser, system, address, device_hash)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5, $6, $7, $8)`,
    [session.id, session.userId, session.generation, session.ttlSeconds, session.browser, session.system, session.address, session.deviceHash ?? null],
  );
}

/**
 * A new token of the same sign-in (a password change, the MFA setup's confirmation, a replaced
 * authenticator): the row takes the token's generation and lifetime, unless it has ended meanwhile.
 */
export async function renewSession(db: Queryable, session: { id: string; userId: string; generation: number; ttlSeconds: number }): Promise<boolean> {
  const rows = await db.query(
    `UPDATE sessions SET generation = $3, expires_at = now() + make_interval(secs => $4), last_active_at = now()
     WHERE id = $1 AND user_id = $2 AND ended_at IS NULL RETURNING id`,
    [session.id, session.userId, session.generation, session.ttlSeconds],
  );
  return rows.length > 0;
}

/** The user's sessions that have not ended, newest activity first. */
export async function liveSessions(db: Queryable, userId: string): Promise<SessionRow[]> {
  const rows = await db.query<SessionRow>(
    `SELECT s.id, s.user_id, s.generation, s.created_at, s.last_active_at, s.expires_at, s.browser, s.system, s.address
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.user_id = $1 AND s.ended_at IS NULL AND s.expires_at > now() AND s.generation = u.session_generation
     ORDER BY s.last_active_at DESC, s.created_at DESC`,
    [userId],
  );
  return rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at),
    last_active_at: new Date(row.last_active_at),
    expires_at: new Date(row.expires_at),
  }));
}

/** Records the browser a session began in, where its sign-in did not know it (SAML's answer comes from another site, without the device cookie). */
export async function setSessionDevice(db: Queryable, sessionId: string, deviceHash: string): Promise<void> {
  await db.query('UPDATE sessions SET device_hash = $2 WHERE id = $1 AND device_hash IS NULL', [sessionId, deviceHash]);
}

/** Ends one of the user's live sessions: false when the user has no such live session. */
export async function endSession(db: Queryable, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db.query(`UPDATE sessions SET ended_at = now() WHERE id = $1 AND user_id = $2 AND ended_at IS NULL AND expires_at > now() RETURNING id`, [
    sessionId,
    userId,
  ]);
  return rows.length > 0;
}

/**
 * Ends every session a browser holds: those named (by its cookies' tokens, its bearer token, the
 * provider's record) and those begun in it (its device cookie's hash). Answers each one ended, with
 * its person.
 */
export async function endBrowserSessions(
  db: Queryable,
  browser: { sessionIds: readonly string[]; deviceHash: string | undefined },
): Promise<{ id: string; user_id: string }[]> {
  return db.query<{ id: string; user_id: string }>(
    `UPDATE sessions SET ended_at = now(), ended_by_logout = true
     WHERE ended_at IS NULL
       AND (id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid) OR ($2::text IS NOT NULL AND device_hash = $2::text))
     RETURNING id, user_id`,
    [JSON.stringify([...new Set(browser.sessionIds)]), browser.deviceHash ?? null],
  );
}

/**
 * Ends every session of the user not ended yet but `keep`, when given: also one past its lifetime
 * or of an earlier generation, which an app's refresh token may still stand on. Answers those that
 * ended, and how many of them were still live: listed on the sessions page (liveSessions).
 */
export async function endSessionsOf(db: Queryable, userId: string, keep?: string): Promise<{ ended: string[]; live: number }> {
  const rows = await db.query<{ id: string; live: boolean }>(
    `UPDATE sessions s SET ended_at = now() FROM users u
     WHERE s.user_id = $1 AND u.id = s.user_id AND s.ended_at IS NULL AND ($2::uuid IS NULL OR s.id <> $2::uuid)
     RETURNING s.id, s.expires_at > now() AND s.generation = u.session_generation AS live`,
    [userId, keep ?? null],
  );
  return { ended: rows.map((row) => row.id), live: rows.filter((row) => row.live).length };
}

/** Marks a session active now, at most once per `everySeconds` (the check is in the statement, so instances agree). */
export async function touchSession(db: Queryable, sessionId: string, everySeconds: number): Promise<void> {
  await db.query(`UPDATE sessions SET last_active_at = now() WHERE id = $1 AND last_active_at < now() - make_interval(secs => $2)`, [sessionId, everySeconds]);
}

/**
 * Sessions past their lifetime, and those ended more than a day ago, but those an app's refresh
 * token still stands on (server/oidc/refresh-tokens.ts): it asks how its session ended. Each batch
 * of expired sessions, oldest first on their index, is deleted but for those, which are set aside
 * until their last refresh token expires (`kept_until`, migration 21): the next pass walks only
 * what expired since, however many sessions apps keep.
 */
export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  const refreshTokens = `FROM oidc_payloads p WHERE p.front_door_session = sessions.id AND p.model = 'RefreshToken' AND p.expires_at > now()`;
  const noRefreshToken = `NOT EXISTS (SELECT 1 ${refreshTokens})`;
  await inBatches(
    db,
    `WITH batch AS (
       SELECT ctid, id FROM sessions WHERE greatest(expires_at, kept_until) < now() ORDER BY greatest(expires_at, kept_until) LIMIT $1),
     held AS (
       SELECT b.ctid, max(p.expires_at) AS until FROM batch b
       JOIN oidc_payloads p ON p.front_door_session = b.id AND p.model = 'RefreshToken' AND p.expires_at > now()
       GROUP BY b.ctid),
     kept AS (
       UPDATE sessions SET kept_until = (SELECT until FROM held WHERE held.ctid = sessions.ctid)
       WHERE ctid = ANY(ARRAY(SELECT ctid FROM held)) RETURNING 1),
     gone AS (DELETE FROM sessions WHERE ctid = ANY(ARRAY(SELECT ctid FROM batch WHERE ctid NOT IN (SELECT ctid FROM held))) RETURNING 1)
     SELECT ((SELECT count(*) FROM kept) + (SELECT count(*) FROM gone))::int AS n FROM ${UNFLUSHED_COMMIT}`,
  );
  await deleteInBatches(db, 'sessions', 'ended_at', `ended_at < now() - interval '1 day' AND ${noRefreshToken}`);
}
