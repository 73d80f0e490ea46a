/**
 * Setting up TOTP (flows 4.6): a new secret offered, then confirmed by a code of it, which enables
 * TOTP and answers a full session with `otp` among its methods, and a new set of recovery codes. The token may be the one a password
 * sign-in answers to a user who must set up MFA (flows 6); that one is revoked by the confirmation,
 * and the session it gives reaches what a password sign-in reaches (that token carries no contexts).
 * A user who lost the authenticator signs in with a recovery code (`amr` rec) and, within ten minutes,
 * replaces the secret without a code of the lost one.
 */
import type { Services } from '../services';
import { audit } from '../db/audit';
import { confirmPendingTotpSecret, setPendingTotpSecret } from '../db/users';
import { claimLoginAttempt } from './login-throttle';
import { issueRecoveryCodes } from './recovery-codes';
import { contextsReachedByPassword } from './sign-in';
import type { AuthMethod, TokenClaims, VerifiedSession } from './tokens';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';

export const TOTP_ISSUER = 'Frontdoor';

/** How recent a session's password must be to enrol the first second factor. */
export const RECENT_PASSWORD_SECONDS = 10 * 60;

/** Why a session may not enrol a user's first TOTP secret. */
export type EnrolmentRefusal = 'mfa_managed_by_identity_provider' | 'recent_password_required';

/** Who asks, for which organisation, from where. */
export interface Enrolment {
  session: VerifiedSession;
  context: string;
  clientAddress: string;
}

export interface TotpConfirmation {
  mfaSecret: string;
  challenge: string;
  /** A code of the TOTP secret in force, when the user replaces it. */
  currentChallenge?: string | undefined;
}

export type TotpOffer = { kind: 'offered'; otpauthUri: string } | { kind: 'refused'; reason: EnrolmentRefusal };

export type TotpConfirmed =
  | { kind: 'enabled'; token: string; recoveryCodes: string[] }
  | { kind: 'refused'; reason: EnrolmentRefusal }
  | { kind: 'current-code-required' }
  | { kind: 'invalid-code' };

/**
 * Who may enrol a user's first TOTP secret: its owner, shown by the MFA-setup token a password
 * sign-in just answered, or by a session whose password was proved in the last ten minutes
 * (`amr` pwd, `auth_time`). A stolen older session cannot, since a reset keeps the second factor and
 * the owner would be locked out. The second factor of a SAML session is its identity provider's.
 */
function enrolmentRefusal(claims: TokenClaims, nowSeconds = Date.now() / 1000): EnrolmentRefusal | undefined {
  if (claims.purpose === 'mfa-setup') return undefined;
  if (claims.amr?.includes('saml')) return 'mfa_managed_by_identity_provider';
  if (!claims.amr?.includes('pwd') || (claims.auth_time ?? 0) < nowSeconds - RECENT_PASSWORD_SECONDS) return 'recent_password_required';
  return undefined;
}

/**
 * A session that signed in with a recovery code in the last ten minutes: its user has lost the
 * authenticator, so a code of the secret in force cannot be asked for replacing it. The recovery code
 * was spent on this sign-in, and after ten minutes the old code is asked again.
 */
function isRecentRecovery(claims: TokenClaims, nowSeconds = Date.now() / 1000): boolean {
  return claims.purpose === 'session' && claims.amr?.includes('rec') === true && (claims.auth_time ?? 0) >= nowSeconds - RECENT_PASSWORD_SECONDS;
}

/** The refusal of a user without TOTP yet, written to the audit log. */
async function refusalOf(services: Services, { session: { claims, user }, context, clientAddress }: Enrolment): Promise<EnrolmentRefusal | undefined> {
  const refusal = user.totp_secret ? undefined : enrolmentRefusal(claims);
  if (refusal) await audit(services.db, clientAddress, 'mfa.enrolment_refused', { userId: user.id, context, detail: { code: refusal } });
  return refusal;
}

/** A new secret, kept as the user's only pending one, as the otpauth URI an authenticator app reads. */
export async function offerTotpSecret(services: Services, enrolment: Enrolment): Promise<TotpOffer> {
  const refusal = await refusalOf(services, enrolment);
  if (refusal) return { kind: 'refused', reason: refusal };
  const { session, context, clientAddress } = enrolment;
  const secret = newTotpSecret();
  await setPendingTotpSecret(services.db, session.user.id, services.totpSecrets.seal(session.user.id, secret));
  await audit(services.db, clientAddress, 'mfa.setup_started', { userId: session.user.id, context });
  return { kind: 'offered', otpauthUri: otpauthUri(secret, session.user.email, TOTP_ISSUER) };
}

/**
 * The latest offered secret and a valid code of it enable TOTP (a user who has TOTP also sends a
 * code of the secret in force, but for a recent recovery sign-in), and the code's step counts as used. A wrong code of the secret in
 * force counts as a failed sign-in of the e-mail, as at login (server/auth/login-throttle.ts).
 */
export async function confirmTotpSecret(services: Services, enrolment: Enrolment, confirmation: TotpConfirmation): Promise<TotpConfirmed> {
  const refusal = await refusalOf(services, enrolment);
  if (refusal) return { kind: 'refused', reason: refusal };
  const { db, tokens, totpSecrets } = services;
  const {
    session: { claims, user },
    context,
    clientAddress,
  } = enrolment;
  const { mfaSecret, challenge, currentChallenge } = confirmation;
  const recovering = Boolean(user.totp_secret) && isRecentRecovery(claims);
  if (user.totp_secret && !recovering && currentChallenge === undefined) return { kind: 'current-code-required' };
  const refused = async (): Promise<TotpConfirmed> => {
    await audit(db, clientAddress, 'mfa.confirmation_failed', { userId: user.id, context });
    return { kind: 'invalid-code' };
  };
  let replaced: { secret: string; step?: number } | undefined;
  if (user.totp_secret && recovering) replaced = { secret: user.totp_secret };
  else if (user.totp_secret) {
    // Guessing the code in force through a stolen session costs what guessing it at login does.
    const attempt = await claimLoginAttempt(db, clientAddress, user.email);
    const currentStep = matchingStep(totpSecrets.open(user.id, user.totp_secret), currentChallenge ?? '');
    if (currentStep === undefined) return refused();
    await attempt.succeeded();
    replaced = { secret: user.totp_secret, step: currentStep };
  }
  // Only the secret offered last is taken; it is stored encrypted, and compared as stored.
  const offered = user.totp_pending_secret;
  const step = offered !== null && totpSecrets.open(user.id, offered) === mfaSecret ? matchingStep(mfaSecret, challenge) : undefined;
  if (offered === null || step === undefined || !(await confirmPendingTotpSecret(db, user.id, { secret: offered, step }, replaced))) return refused();
  await audit(db, clientAddress, 'mfa.enabled', { userId: user.id, context, detail: { replaced: Boolean(replaced) } });
  // A new set with every confirmation: codes printed for an authenticator that is gone stop working.
  const recoveryCodes = await issueRecoveryCodes(db, services.recoveryCodes, user.id);
  let contexts = claims.contexts;
  if (claims.purpose === 'mfa-setup') {
    await tokens.revoke(claims);
    contexts = await contextsReachedByPassword(db, user.id);
  }
  // The new secret's code is proved now: the session no longer stands on a recovery code.
  const amr: AuthMethod[] = [...new Set<AuthMethod>([...(claims.amr ?? []), 'otp'])].filter((method) => method !== 'rec');
  const grant = {
    userId: user.id,
    email: user.email,
    contexts,
    amr,
    purpose: 'session' as const,
    generation: user.session_generation,
    ...(claims.auth_time === undefined ? {} : { authTime: claims.auth_time }),
  };
  return { kind: 'enabled', token: await tokens.issueSignIn(grant), recoveryCodes };
}
