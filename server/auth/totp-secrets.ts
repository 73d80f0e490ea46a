/**
 * TOTP secrets at rest (the confirmed one and the one setMfa offered): AES-256-GCM under a 32-byte
 * key, with the user's id as associated data, so a stored secret opens only in its own row. The key
 * is given by configuration (TOTP_KEY, 32 bytes in base64, shared by instances side by side like
 * SIGNING_KEY) or kept in the data directory, made on first start and readable by the owner only,
 * like the signing key (server/auth/signing-key.ts).
 *
 * A stored secret reads `v1:` + base64url(12-byte IV, ciphertext, 16-byte tag); a base32 secret
 * (A-Z, 2-7) never starts so, which tells the rows written before encryption apart: the start
 * encrypts them (sealPlaintextTotpSecrets).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../db/database-types';
import { firstSealedTotpSecret, replaceTotpSecrets, usersWithPlaintextTotp } from '../db/users';
import { SEALED_PREFIX, sealedText } from './sealed-text';

export const TOTP_KEY_BYTES = 32;

export interface TotpSecrets {
  /** The secret as stored in the user's row. */
  seal(userId: string, secret: string): string;
  /** The base32 secret of a stored value; throws when the key is not the one it was sealed with. */
  open(userId: string, stored: string): string;
}

/** The key of a TOTP_KEY value: 32 bytes in base64 (or base64url); undefined when it is not one. */
export function decodeTotpKey(value: string): Buffer | undefined {
  const key = Buffer.from(value.trim(), 'base64');
  return key.length === TOTP_KEY_BYTES && /^[A-Za-z0-9+/_-]+={0,2}$/.test(value.trim()) ? key : undefined;
}

/** The key from configuration, or the one kept in the data directory (made on first start). */
export function loadTotpKey(options: { totpKey?: string | undefined; dataDir: string }): Buffer {
  if (options.totpKey) {
    const key = decodeTotpKey(options.totpKey);
    if (!key) throw new Error('TOTP_KEY must be 32 bytes in base64, such as the output of `openssl rand -base64 32`.');
    return key;
  }
  const file = join(options.dataDir, 'totp-key');
  if (existsSync(file)) {
    const key = decodeTotpKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} must hold 32 bytes in base64.`);
    return key;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(TOTP_KEY_BYTES);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

export function totpSecrets(key: Buffer): TotpSecrets {
  const sealer = sealedText(key);
  return {
    seal: (userId, secret) => sealer.seal(userId, secret),
    open(userId, stored) {
      if (!stored.startsWith(SEALED_PREFIX)) throw new Error('A TOTP secret is stored unencrypted: the start encrypts such rows.');
      const secret = sealer.open(userId, stored);
      if (secret === undefined) throw new Error('A TOTP secret does not decrypt: TOTP_KEY (or totp-key in DATA_DIR) is not the key it was encrypted with.');
      return secret;
    },
  };
}

/** The next page of users whose TOTP secrets are stored in clear. */
const nextPlaintext = (db: Queryable, after: string | undefined) => usersWithPlaintextTotp(db, SEALED_PREFIX, { after, limit: 500 });

/**
 * At start: encrypts the secrets still stored in clear (rows written before encryption), and opens
 * one encrypted secret, so a wrong key stops the start instead of failing every sign-in with a code.
 * Answers how many rows it encrypted. Instances starting together may both try a row: the update
 * takes it only while it is unchanged.
 */
export async function sealPlaintextTotpSecrets(db: Queryable, secrets: TotpSecrets): Promise<number> {
  const sealed = await firstSealedTotpSecret(db, SEALED_PREFIX);
  if (sealed) secrets.open(sealed.id, sealed.stored);
  let count = 0;
  for (let after: string | undefined, rows = await nextPlaintext(db, after); rows.length > 0; rows = await nextPlaintext(db, after)) {
    for (const row of rows) {
      const seal = (value: string | null) => (value === null || value.startsWith(SEALED_PREFIX) ? value : secrets.seal(row.id, value));
      const from = { secret: row.totp_secret, pending: row.totp_pending_secret };
      if (await replaceTotpSecrets(db, row.id, from, { secret: seal(from.secret), pending: seal(from.pending) })) count += 1;
    }
    after = rows.at(-1)?.id;
  }
  return count;
}
