/**
 * The e-mail rule of spec 5: non-space text, an at sign, non-space text, a dot, non-space text,
 * within the 254 characters an address can have. Shared by the app, the server and the checker.
 */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** The domain of an address, lower-case: the part after its last at sign. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
