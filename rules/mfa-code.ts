/**
 * The TOTP code of flows 5 and 9: exactly 6 characters, digits from an authenticator app. The code
 * step lets it be sent only then, and the server makes and checks codes of this length.
 */
export const MFA_CODE_LENGTH = 6;

export function isMfaCode(value: string): boolean {
  return value.length === MFA_CODE_LENGTH && /^[0-9]+$/.test(value);
}
