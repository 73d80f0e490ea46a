/**
 * The sign-in with e-mail and password (flows 4.3), and its code step when the user has TOTP
 * (flows 4.5): what the API's login operation answers, without HTTP. Up to the password's verdict
 * a known and an unknown e-mail read the same; every attempt is throttled (server/auth/login-throttle.ts).
 */
import type { Services } from '../services';
import { audit } from '../db/audit';
import { userOrganizations } from '../db/memberships';
import { claimTotpStep, findUserByEmail } from '../db/users';
import { isSamlOnly } from './accounts';
import { claimLoginAttempt, type LoginAttempt } from './login-throttle';
import { verifyPassword } from './passwords';
import { signInToken, type MfaPolicy } from './sign-in';
import { matchingStep } from './totp';

export interface PasswordSignInInput {
  email: string;
  password: string;
  /** The code of the authenticator app, once the user was asked for it. */
  challenge?: string | undefined;
  clientAddress: string;
}

export type PasswordSignIn =
  /** `policy` is there while the user has no TOTP yet: it decides whether setting it up may be skipped (flows 6). */
  | { kind: 'signed-in'; context: string; token: string; policy?: MfaPolicy }
  | { kind: 'code-required' }
  | { kind: 'invalid-code' }
  | { kind: 'invalid-credentials' };

/** Throws TooManyRequests when the e-mail or the address must wait. */
export async function signInWithPassword(services: Services, input: PasswordSignInInput): Promise<PasswordSignIn> {
  const { db } = services;
  const { email, password, challenge, clientAddress } = input;
  let attempt: LoginAttempt;
  try {
    attempt = await claimLoginAttempt(db, clientAddress, email);
  } catch (error) {
    await audit(db, clientAddress, 'login.throttled');
    throw error;
  }
  // A dummy hash stands in for a missing one; the organisations are read only for the right password.
  const user = await findUserByEmail(db, email);
  const passwordMatches = await verifyPassword(user?.password_hash, password);
  const organizations = user && passwordMatches ? await userOrganizations(db, user.id) : [];
  // A user whose organisations all sign in through SAML only has no password sign-in (flows 4.1).
  if (!user || !passwordMatches || isSamlOnly(organizations)) {
    await audit(db, clientAddress, 'login.failed', { userId: user?.id });
    return { kind: 'invalid-credentials' };
  }

  if (user.totp_secret) {
    if (challenge === undefined) {
      // The right password on its way to the code is not a failed attempt.
      await attempt.notAFailure();
      return { kind: 'code-required' };
    }
    const step = matchingStep(services.totpSecrets.open(user.id, user.totp_secret), challenge);
    if (step === undefined || !(await claimTotpStep(db, user.id, step))) {
      await audit(db, clientAddress, 'login.mfa_failed', { userId: user.id });
      return { kind: 'invalid-code' };
    }
  }

  await attempt.succeeded();
  const answer = await signInToken(services, user, { via: 'password' }, user.totp_secret ? ['pwd', 'otp'] : ['pwd'], organizations);
  await audit(db, clientAddress, 'login.succeeded', { userId: user.id, detail: { mfa: Boolean(user.totp_secret), purpose: answer.purpose } });
  // A user in no organisation yet still gets a context: the API audience (contract, LoginResponse).
  const context = answer.contexts[0] ?? services.config.tokenAudience;
  return user.totp_secret ? { kind: 'signed-in', context, token: answer.token } : { kind: 'signed-in', context, token: answer.token, policy: answer.policy };
}
