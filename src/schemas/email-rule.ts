/**
 * The e-mail rule of flows 5 with its error message key, without zod: Login's first view checks
 * e-mails with it (zod stays off the first load, docs/decisions/0002-zod-import-form.md).
 */
import { isEmail } from '../../rules/email';

export const EMAIL_INVALID = 'field.email.invalid';

/** Error message keys for an e-mail value, empty when valid. */
export function emailErrors(value: string): string[] {
  return isEmail(value) ? [] : [EMAIL_INVALID];
}
