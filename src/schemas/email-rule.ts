/** The e-mail rule of flows 5 with its error message key: every form with an e-mail checks it so. */
import { isEmail } from '../../rules/email';
import type { TextKey } from '../i18n/t';

export const EMAIL_INVALID = 'field.email.invalid' satisfies TextKey;

/** Error message keys for an e-mail value, empty when valid. */
export function emailErrors(value: string): TextKey[] {
  return isEmail(value) ? [] : [EMAIL_INVALID];
}
