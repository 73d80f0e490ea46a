/**
 * The users table: accounts, their password hash, TOTP state and session generation (flows 3).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from './database-types';
import type { Language } from '../../rules/languages';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  /** Written only as one of the supported languages (flows 3). */
  language: Language;
  totp_secret: string | null;
  totp_last_step: string | null;
  totp_pending_secret: string | null;
  session_generation: number;
  /** When the TOTP secret in force was set up, and how (docs/decisions/0015-what-a-thief-could-have-added.md). */
  totp_set_at: Date | null;
  totp_set_via: TotpSetVia | null;
  /** Since when factor changes wait for a full sign-in ("This wasn't me", server/auth/account-alerts.ts). */
  factors_frozen_at: Date | null;
  /** The lists of known passwords the password was last judged against (server/auth/known-passwords.ts), and their verdict. */
  password_checked_with: string | null;
  password_known: boolean;
  /** Since when an operator has the person sign in nowhere (`npm run admin -- disable-user`). */
  disabled_at: Date | null;
}

/**
 * How a TOTP secret came into force: the first one enrolled; a replacement proved by a code of the
 * one before; a replacement by a session that signed in with a recovery code; or given by an operator.
 */
export type TotpSetVia = 'enrolment' | 'code' | 'recovery' | 'operator';

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0];
}

export async function insertUser(db: Queryable, user: { email: string; passwordHash?: string | null; language?: Language }): Promise<UserRow> {
  const [row] = await db.query<UserRow>('INSERT INTO users (id, email, password_hash, language) VALUES ($1, $2, $3, $4) RETURNING *', [
    randomUUID(),
    user.email,
    user.passwordHash ?? null,
    user.language ?? 'en',
  ]);
  return row!;
}

/** Inserts the user unless the e-mail is taken (two registrations at once); answers the new id or nothing. */
export async function insertUserIfNew(db: Queryable, email: string, language: Language): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>('INSERT INTO users (id, email, language) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id', [
    randomUUID(),
    email,
    language,
  ]);
  return rows[0]?.id;
}

/**
 * The account of the address, made (no password) when there is none; `created` says which. Two
 * callers at once get the one account: the second finds the first's.
 */
export async function accountOf(db: Queryable, email: string, language: Language): Promise<{ user: UserRow; created: boolean }> {
  const known = await findUserByEmail(db, email);
  if (known) return { user: known, created: false };
  const createdId = await insertUserIfNew(db, email, language);
  const user = createdId ? await findUserById(db, createdId) : await findUserByEmail(db, email);
  if (!user) throw new Error('An account just made or found by its address is gone.');
  return { user, created: createdId !== undefined };
}

/**
 * A new password ends every earlier session: the session generation moves on; answers the new one.
 * `checkedWith`: the lists of known passwords it was found not to be one of, if it was judged.
 */
export async function setPasswordHash(db: Queryable, userId: string, hash: string, checkedWith: string | undefined): Promise<number> {
  const [row] = await db.query<{ session_generation: number }>(
    `UPDATE users SET password_hash = $2, password_checked_with = $3, password_known = false, session_generation = session_generation + 1
     WHERE id = $1 RETURNING session_generation`,
    [userId, hash, checkedWith ?? null],
  );
  return row!.session_generation;
}

/** The verdict of the lists `checkedWith` names on the password of this hash, judged at a sign-in. */
export async function recordPasswordChecked(db: Queryable, userId: string, hash: string, judged: { checkedWith: string; known: boolean }): Promise<void> {
  await db.query('UPDATE users SET password_checked_with = $3, password_known = $4 WHERE id = $1 AND password_hash = $2', [
    userId,
    hash,
    judged.checkedWith,
    judged.known,
  ]);
}

/** Gives the user a TOTP secret (stored encrypted, server/auth/totp-secrets.ts) with no step used yet: an operator's. */
export async function setTotpSecret(db: Queryable, userId: string, stored: string): Promise<UserRow> {
  const [row] = await db.query<UserRow>(
    `UPDATE users SET totp_secret = $2, totp_last_step = NULL, totp_set_at = now(), totp_set_via = 'operator' WHERE id = $1 RETURNING *`,
    [userId, stored],
  );
  return row!;
}

/**
 * Holds the user's row until the caller's transaction ends, and answers it as it is then: changes
 * of one user's factors, password and sessions run one after the other. Every transaction that
 * holds it takes it first, before the rows of links or alerts, so two never wait for each other.
 */
export async function lockUser(db: Queryable, userId: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return rows[0];
}

/** Disables the user (no sign-in anywhere) or enables them again; false when the user was so already. */
export async function setUserDisabled(db: Queryable, userId: string, disabled: boolean): Promise<boolean> {
  const rows = await db.query(
    disabled
      ? 'UPDATE users SET disabled_at = now() WHERE id = $1 AND disabled_at IS NULL RETURNING 1'
      : 'UPDATE users SET disabled_at = NULL WHERE id = $1 AND disabled_at IS NOT NULL RETURNING 1',
    [userId],
  );
  return rows.length > 0;
}

/** Ends every session and pending sign-in of the user: the session generation moves on; answers the new one. */
export async function endSessions(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ session_generation: number }>(
    'UPDATE users SET session_generation = session_generation + 1 WHERE id = $1 RETURNING session_generation',
    [userId],
  );
  return row!.session_generation;
}

/** Removes the user's TOTP secret, offered or in force (the caller removes the recovery codes that went with it). */
export async function clearTotp(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL, totp_set_at = NULL, totp_set_via = NULL WHERE id = $1`,
    [userId],
  );
}

/** The password stops signing in, and factor changes wait for a full sign-in after now ("This wasn't me"). */
export async function clearPasswordAndFreezeFactors(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = NULL, password_checked_with = NULL, password_known = false, factors_frozen_at = now() WHERE id = $1', [
    userId,
  ]);
}

type StoredTotp = { secret: string | null; pending: string | null };

/**
 * Up to `limit` users after `after` (by id) with a TOTP secret, confirmed or offered, not stored
 * under the prefix of encrypted ones: in id order, which the partial index users_plaintext_totp
 * holds, so the start reads only those rows however the planner estimates them.
 */
export async function usersWithPlaintextTotp(
  db: Queryable,
  sealedPrefix: string,
  page: { after: string | undefined; limit: number },
): Promise<Pick<UserRow, 'id' | 'totp_secret' | 'totp_pending_secret'>[]> {
  return db.query(
    `SELECT id, totp_secret, totp_pending_secret FROM users
     WHERE (starts_with(totp_secret, $1) IS FALSE OR starts_with(totp_pending_secret, $1) IS FALSE) AND ($2::uuid IS NULL OR id > $2::uuid)
     ORDER BY id LIMIT $3`,
    [sealedPrefix, page.after ?? null, page.limit],
  );
}

/** One encrypted TOTP secret, to check the key against. */
export async function firstSealedTotpSecret(db: Queryable, sealedPrefix: string): Promise<{ id: string; stored: string } | undefined> {
  const rows = await db.query<{ id: string; stored: string }>(
    'SELECT id, totp_secret AS stored FROM users WHERE starts_with(totp_secret, $1) ORDER BY id LIMIT 1',
    [sealedPrefix],
  );
  return rows[0];
}

/** Replaces the stored TOTP secrets of a user while they are still `from`; false when they changed meanwhile. */
export async function replaceTotpSecrets(db: Queryable, userId: string, from: StoredTotp, to: StoredTotp): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET totp_secret = $4, totp_pending_secret = $5
     WHERE id = $1 AND totp_secret IS NOT DISTINCT FROM $2 AND totp_pending_secret IS NOT DISTINCT FROM $3 RETURNING id`,
    [userId, from.secret, from.pending, to.secret, to.pending],
  );
  return rows.length > 0;
}

/** The secret setMfa offered (stored encrypted), kept until a code confirms it. */
export async function setPendingTotpSecret(db: Queryable, userId: string, secret: string): Promise<void> {
  await db.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [userId, secret]);
}

/**
 * Makes the offered secret the user's TOTP secret, with the confirming code's step used, recording
 * when and how it came into force. Only the secret this user was offered last (totp_pending_secret,
 * as the caller read it) is taken, and only while the secret in force is still the one the caller
 * checked: none, or `replaced` with its code's step unused. A replacement also ends every session of
 * the user (the caller is given a new one). A replacement proved by a code of an authenticator
 * that a recovery code put in place stays marked as that (docs/decisions/0015). Answers the session generation after it, or undefined,
 * so two confirmations at once, or a replay of the current code, enable nothing. Secrets are
 * compared as stored (encrypted).
 */
export async function confirmPendingTotpSecret(
  db: Queryable,
  userId: string,
  offered: { secret: string; step: number },
  via: Exclude<TotpSetVia, 'operator'>,
  replaced?: { secret: string; step?: number },
): Promise<number | undefined> {
  const rows = await db.query<{ session_generation: number }>(
    `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $3,
       totp_set_at = now(),
       -- A code of an authenticator a recovery code put in place proves that one, not the owner's.
       totp_set_via = CASE WHEN $6 = 'code' AND totp_set_via = 'recovery' THEN 'recovery' ELSE $6 END,
       session_generation = session_generation + CASE WHEN $4::text IS NULL THEN 0 ELSE 1 END
     WHERE id = $1 AND totp_pending_secret = $2
       AND CASE WHEN $4::text IS NULL THEN totp_secret IS NULL
                ELSE totp_secret = $4 AND ($5::bigint IS NULL OR totp_last_step IS NULL OR totp_last_step < $5::bigint) END
     RETURNING session_generation`,
    [userId, offered.secret, offered.step, replaced?.secret ?? null, replaced?.step ?? null, via],
  );
  return rows[0]?.session_generation;
}

/** Marks a TOTP step used for the user; false when it (or a later one) was used already. */
export async function claimTotpStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const rows = await db.query('UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id', [
    userId,
    step,
  ]);
  return rows.length > 0;
}
