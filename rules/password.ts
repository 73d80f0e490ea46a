/**
 * The new-password rules of flows 5 (at least 9 characters, a lowercase letter, an uppercase letter,
 * a digit), with an upper bound that keeps hashing cost bounded. Shared by the app, which shows each
 * rule ticking as a person types, and the server, which enforces them.
 */
export const PASSWORD_MIN_LENGTH = 9;
/** Long passphrases are welcome; the limit only keeps hashing cost bounded. */
export const PASSWORD_MAX_LENGTH = 1024;

export type PasswordRule = 'length' | 'lowercase' | 'uppercase' | 'digit';

const checks: Record<PasswordRule, (password: string) => boolean> = {
  length: (password) => [...password].length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
  lowercase: (password) => /[a-z]/.test(password),
  uppercase: (password) => /[A-Z]/.test(password),
  digit: (password) => /[0-9]/.test(password),
};

export const PASSWORD_RULES = Object.keys(checks) as PasswordRule[];

/** The rules a password breaks, in the order they are shown; empty when it is acceptable. */
export function brokenPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !checks[rule](password));
}
