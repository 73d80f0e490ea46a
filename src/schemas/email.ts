/**
 * E-mail (spec section 5): non-space text, an at sign, non-space text, a dot, non-space text.
 * A plain pattern rather than a zod schema: the login page is the first load, and zod is the
 * largest thing Parcel would put on it (docs/decisions/0002-zod-import-form.md).
 */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/** Error message keys for an e-mail value, empty when valid. */
export function emailErrors(value: string): string[] {
  return EMAIL_PATTERN.test(value) ? [] : ['field.email.invalid'];
}
