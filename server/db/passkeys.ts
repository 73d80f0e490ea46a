/**
 * The passkeys, webauthn_challenges and spent_passkey_challenges tables: a user's WebAuthn
 * credentials, the challenges offered to add one, each taken once, and the signed sign-in
 * challenges already used (server/auth/passkey-registration.ts, passkey-sign-in.ts).
 */
import type { Queryable } from './database-types';
import { deleteInBatches } from './batched-delete';

export interface PasskeyRow {
  id: string;
  user_id: string;
  public_key: string;
  /** bigint: the driver answers it as text. */
  counter: string;
  transports: string[];
  device_type: string;
  backed_up: boolean;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export interface ChallengeRow {
  user_id: string | null;
}

/** A registration's challenge, bound to its user. */
export async function insertChallenge(db: Queryable, challenge: { hash: string; userId: string; ttlSeconds: number }): Promise<void> {
  await db.query(
    `INSERT INTO webauthn_challenges (challenge_hash, purpose, user_id, expires_at)
     VALUES ($1, 'registration', $2, now() + make_interval(secs => $3))`,
    [challenge.hash, challenge.userId, challenge.ttlSeconds],
  );
}

/** Deletes a registration's challenge and answers it, atomically: of two takers only one gets it, and none once it expired. */
export async function takeChallenge(db: Queryable, hash: string): Promise<ChallengeRow | undefined> {
  const rows = await db.query<ChallengeRow>(
    `DELETE FROM webauthn_challenges WHERE challenge_hash = $1 AND purpose = 'registration' AND expires_at > now() RETURNING user_id`,
    [hash],
  );
  return rows[0];
}

/**
 * Spends a signed sign-in challenge (server/auth/passkey-challenges.ts) until it would have expired
 * anyway, atomically: of two answers with one challenge only one gets true.
 */
export async function spendPasskeyChallenge(db: Queryable, hash: string, expiresAtSeconds: number): Promise<boolean> {
  const rows = await db.query(
    'INSERT INTO spent_passkey_challenges (challenge_hash, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT DO NOTHING RETURNING challenge_hash',
    [hash, expiresAtSeconds],
  );
  return rows.length > 0;
}

export async function deleteExpiredChallenges(db: Queryable): Promise<void> {
  await deleteInBatches(db, 'webauthn_challenges', 'expires_at', 'expires_at < now()');
  await deleteInBatches(db, 'spent_passkey_challenges', 'expires_at', 'expires_at < now()');
}

export async function insertPasskey(
  db: Queryable,
  passkey: Pick<PasskeyRow, 'id' | 'user_id' | 'public_key' | 'transports' | 'device_type' | 'backed_up' | 'name'> & { counter: number },
): Promise<PasskeyRow | undefined> {
  const rows = await db.query<PasskeyRow>(
    `INSERT INTO passkeys (id, user_id, public_key, counter, transports, device_type, backed_up, name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING *`,
    [
      passkey.id,
      passkey.user_id,
      passkey.public_key,
      passkey.counter,
      JSON.stringify(passkey.transports),
      passkey.device_type,
      passkey.backed_up,
      passkey.name,
    ],
  );
  return rows[0];
}

export async function findPasskey(db: Queryable, id: string): Promise<PasskeyRow | undefined> {
  const rows = await db.query<PasskeyRow>('SELECT * FROM passkeys WHERE id = $1', [id]);
  return rows[0];
}

export async function passkeysOf(db: Queryable, userId: string): Promise<PasskeyRow[]> {
  return db.query<PasskeyRow>('SELECT * FROM passkeys WHERE user_id = $1 ORDER BY created_at, id', [userId]);
}

/**
 * Records a use: the new counter and backup state, only while the stored counter is still the one
 * the signature was checked against, so of two uses of one assertion at once only one counts.
 */
export async function recordPasskeyUse(db: Queryable, use: { id: string; seenCounter: string; counter: number; backedUp: boolean }): Promise<boolean> {
  const rows = await db.query(
    `UPDATE passkeys SET counter = $3, backed_up = $4, last_used_at = now()
     WHERE id = $1 AND counter = $2::bigint RETURNING id`,
    [use.id, use.seenCounter, use.counter, use.backedUp],
  );
  return rows.length > 0;
}

/** Removes the user's passkey; false when the user has no such passkey. */
export async function deletePasskey(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM passkeys WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]);
  return rows.length > 0;
}

/** Removes every passkey of the user. */
export async function deleteAllPasskeys(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM passkeys WHERE user_id = $1', [userId]);
}
