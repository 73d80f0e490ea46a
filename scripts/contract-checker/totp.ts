/**
 * The checker as authenticator app: reads the setup URI the server answers and makes codes from
 * it. The contract fixes SHA1, 6 digits and 30-second steps.
 */
import { TOTP, URI } from 'otpauth';

const TOTP_PERIOD_SECONDS = 30;

export interface Authenticator {
  /** The `secret` parameter of the URI, sent back as `mfaSecret` on confirmation. */
  secret: string;
  issuer: string;
  codeAt(step: number): string;
}

export const currentStep = (now = Date.now()) => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

/** Milliseconds until the first moment of `step`. */
export const untilStep = (step: number, now = Date.now()) => Math.max(0, step * TOTP_PERIOD_SECONDS * 1000 - now);

/** Reads an otpauth URI; throws a sentence saying what is wrong with it. */
export function readSetupUri(uri: string): Authenticator {
  let totp;
  try {
    totp = URI.parse(uri);
  } catch (error) {
    throw new Error(`expected an otpauth URI, got "${uri}" (${(error as Error).message})`, { cause: error });
  }
  if (!(totp instanceof TOTP)) throw new Error(`expected an otpauth://totp/ URI, got "${uri}"`);
  const secret = new URL(uri).searchParams.get('secret');
  const settings = `${totp.algorithm}/${totp.digits}/${totp.period}`;
  if (!secret) throw new Error(`expected a secret parameter in "${uri}"`);
  if (!totp.issuer) throw new Error(`expected an issuer in "${uri}"`);
  if (settings !== `SHA1/6/${TOTP_PERIOD_SECONDS}`) {
    throw new Error(`expected SHA1, 6 digits and ${TOTP_PERIOD_SECONDS} s, got ${settings} in "${uri}"`);
  }
  return {
    secret,
    issuer: totp.issuer,
    codeAt: (step) => totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 }),
  };
}

/** A 6-digit code that is valid for none of the steps a server may accept around `step`. */
export function wrongCode(authenticator: Authenticator, step: number): string {
  const valid = new Set([-2, -1, 0, 1, 2].map((offset) => authenticator.codeAt(step + offset)));
  let code = 0;
  while (valid.has(String(code).padStart(6, '0'))) code += 111_111;
  return String(code).padStart(6, '0');
}
