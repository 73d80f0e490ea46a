/**
 * Password hashing with argon2id at the OWASP baseline (m=19456 KiB, t=2, p=1) and the password
 * rules of spec section 5, enforced on the server too.
 */
import { hash, verify, type Options } from '@node-rs/argon2';

// 2 is Argon2id in @node-rs/argon2's const enum, which isolated modules cannot import.
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN_LENGTH = 9;
/** Long passphrases are welcome; the limit only keeps hashing cost bounded. */
export const PASSWORD_MAX_LENGTH = 1024;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail, or no password set yet)
 * it verifies against a dummy hash, so the answer takes the same time either way.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('dummy password for unknown accounts');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** What a new password lacks (spec section 5): at least 9 characters, a lowercase, an uppercase, a digit. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push(`at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`at most ${PASSWORD_MAX_LENGTH} characters`);
  if (!/[a-z]/.test(password)) problems.push('a lowercase letter');
  if (!/[A-Z]/.test(password)) problems.push('an uppercase letter');
  if (!/[0-9]/.test(password)) problems.push('a digit');
  return problems;
}
