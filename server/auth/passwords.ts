/**
 * Password hashing with argon2id at the OWASP baseline (m=19456 KiB, t=2, p=1) and the password
 * rules of flows 5, enforced on the server too.
 */
import { availableParallelism } from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, brokenPasswordRules, type PasswordRule } from '../../rules/password';
import { concurrencyLimit } from './concurrency-limit';

// 2 is Argon2id in @node-rs/argon2's const enum, which isolated modules cannot import.
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

const hashWaitListeners: ((ms: number) => void)[] = [];

/**
 * Tells `listener` how long each hash waited for its turn, in milliseconds (server/metrics/process.ts).
 * The limit below is the process's, and so are its listeners.
 */
export function onHashWait(listener: (ms: number) => void): void {
  hashWaitListeners.push(listener);
}

/**
 * No more hashes at once than the cores this process may use: a memory-hard hash beyond them only
 * takes turns on a core and evicts the others' 19 MiB from its caches, so all of them slow down.
 */
const hashing = concurrencyLimit(availableParallelism(), (ms) => {
  for (const listener of hashWaitListeners) listener(ms);
});

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, ARGON2_OPTIONS));
}

const verified = (stored: string, password: string) => hashing(() => verify(stored, password)).catch(() => false);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail, or no password set yet)
 * it verifies against a dummy hash, so the answer takes the same time either way.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('dummy password for unknown accounts');
    await verified(await dummyHash, password);
    return false;
  }
  return verified(stored, password);
}

const RULE_TEXT: Record<PasswordRule, string> = {
  length: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
  lowercase: 'a lowercase letter',
  uppercase: 'an uppercase letter',
  digit: 'a digit',
};

/** What a new password lacks (flows 5), in words for the error message. */
export function passwordProblems(password: string): string[] {
  return brokenPasswordRules(password).map((rule) => RULE_TEXT[rule]);
}
