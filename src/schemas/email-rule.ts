/** The e-mail rule of flows 5 with its error message key: every form with an e-mail checks it so. */
import { isEmail } from '../../rules/email';

export const EMAIL_INVALID = 'field.email.invalid';

/** Error message keys for an e-mail value, empty when valid. */
export function emailErrors(value: string): string[] {
  return isEmail(value) ? [] : [EMAIL_INVALID];
}
