/**
 * The new password and its repetition (flows 5): the rules of rules/password.ts, each with the key
 * of its text, and the repetition equal to the password; a changed password differs from the
 * current one, as the server requires. The screens show the rules ticking as
 * the person types and the first broken rule once the field is left.
 */
import { brokenPasswordRules, type PasswordRule } from '../../rules/password';
import type { TextKey } from '../i18n/t';

export const ruleKey = (rule: PasswordRule) => `field.new-password.rule-${rule}` satisfies TextKey;
export const PASSWORDS_DIFFER = 'field.repeat-password.mismatch' satisfies TextKey;
export const CURRENT_PASSWORD_MISSING = 'field.current-password.required' satisfies TextKey;
export const SAME_AS_CURRENT = 'field.new-password.same-as-current' satisfies TextKey;

/** The keys of the rules a new password breaks, in order; empty when it follows them all. */
export function newPasswordErrors(password: string): TextKey[] {
  return brokenPasswordRules(password).map(ruleKey);
}

/** A form's new password and its repetition, which must be equal. */
export function newPasswordPairErrors({ password, repeat }: { password: string; repeat: string }): { password: TextKey[]; repeat: TextKey[] } {
  return { password: newPasswordErrors(password), repeat: password === repeat ? [] : [PASSWORDS_DIFFER] };
}

/** A change's new password (the pair's errors), which must also differ from the current one. */
export function changedPasswordErrors({ current, ...pair }: { current: string; password: string; repeat: string }): { password: TextKey[]; repeat: TextKey[] } {
  const errors = newPasswordPairErrors(pair);
  return current !== '' && pair.password === current ? { ...errors, password: [...errors.password, SAME_AS_CURRENT] } : errors;
}
