/**
 * TOTP (RFC 6238): SHA-1, 6 digits, 30-second steps, secrets of 160 bits from a CSPRNG.
 * A code is accepted for the current and the previous step only, and each step once per user.
 */
import { timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { MFA_CODE_LENGTH, isMfaCode } from '../../rules/mfa-code';

export const TOTP_PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, account = '', issuer = '') {
  return new TOTP({ issuer, label: account, algorithm: 'SHA1', digits: MFA_CODE_LENGTH, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The URI an authenticator app reads from the QR code (flows 4.6). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString();
}

export function currentStep(now = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

export function codeAt(secret: string, step: number): string {
  return totp(secret).generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
}

/** The step the code belongs to, if it is the current or the previous one. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | undefined {
  // A value that is no code (flows 5) matches no step.
  if (!isMfaCode(code)) return undefined;
  const step = currentStep(now);
  for (const candidate of [step, step - 1]) {
    const expected = Buffer.from(codeAt(secret, candidate));
    const given = Buffer.from(code);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return candidate;
  }
  return undefined;
}
