/**
 * Recovery codes (flows 4.5, 4.6): ten single-use codes that stand in for a TOTP code, given when
 * TOTP is confirmed and on demand. Each is 60 random bits (rules/recovery-code.ts), stored only as
 * an HMAC-SHA-256 under a key derived from the TOTP key (server/auth/totp-secrets.ts) with the
 * user's id: a fast hash is enough for 60 bits of randomness, and a copy of the database without
 * the key tells nothing about the codes. A code is claimed at most once, atomically.
 */
import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import type { Queryable } from '../db/database-types';
import { claimRecoveryCode, countUnusedRecoveryCodes, replaceRecoveryCodes } from '../db/recovery-codes';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH, groupRecoveryCode, isRecoveryCode, normalizeRecoveryCode } from '../../rules/recovery-code';

export const RECOVERY_CODE_COUNT = 10;

export interface RecoveryCodeHashing {
  /** The stored form of a code (normalised first) of the user. */
  hash(userId: string, code: string): string;
}

/** Hashing under a key of its own, derived from the TOTP key so that no new secret is to be kept. */
export function recoveryCodeHashing(totpKey: Buffer): RecoveryCodeHashing {
  const key = Buffer.from(hkdfSync('sha256', totpKey, Buffer.alloc(0), 'frontdoor recovery codes', 32));
  return {
    hash: (userId, code) =>
      createHmac('sha256', key)
        .update(`${userId}:${normalizeRecoveryCode(code)}`)
        .digest('hex'),
  };
}

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < RECOVERY_CODE_LENGTH; index++) code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return groupRecoveryCode(code);
}

/** A new set for the user, which replaces the old one in the caller's transaction; answers the codes, grouped, to be shown once. */
export async function issueRecoveryCodes(tx: Queryable, hashing: RecoveryCodeHashing, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(
    tx,
    userId,
    codes.map((code) => hashing.hash(userId, code)),
  );
  return codes;
}

/** Uses the user's code once: how many are left after it, or undefined when it is no unused code of theirs. */
export async function useRecoveryCode(db: Queryable, hashing: RecoveryCodeHashing, userId: string, value: string): Promise<number | undefined> {
  if (!isRecoveryCode(value)) return undefined;
  if (!(await claimRecoveryCode(db, userId, hashing.hash(userId, value)))) return undefined;
  return countUnusedRecoveryCodes(db, userId);
}
