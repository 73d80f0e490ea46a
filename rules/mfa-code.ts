/** The TOTP code of flows 5 and 9: exactly 6 characters, digits from an authenticator app. */
export const MFA_CODE_LENGTH = 6;

export function isMfaCode(value: string): boolean {
  return value.length === MFA_CODE_LENGTH && /^[0-9]+$/.test(value);
}
