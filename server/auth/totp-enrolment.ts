/**
 * Setting up TOTP (flows 4.6): a new secret offered, then confirmed by a code of it, which enables
 * TOTP and answers a full session with `otp` among its methods, and a new set of recovery codes; the
 * owner is told by mail (server/auth/account-alerts.ts). The token may be the one a password
 * sign-in answers to a user who must set up MFA (flows 6); that one is revoked by the confirmation,
 * and the session it gives reaches what a password sign-in reaches (that token carries no contexts).
 *
 * Replacing the secret in force needs a recent full sign-in and a code of that secret, or a
 * sign-in with a recovery code in the last ten minutes, whose user lost the authenticator: once,
 * since a replacement ends every session of the user, this one included, and gives the caller a
 * new session without `rec` (server/auth/factor-changes.ts).
 */
import type { Services } from '../services';
import { audit } from '../db/audit';
import { queueBackchannelLogoutsOfUser } from '../db/oidc';
import { confirmPendingTotpSecret, setPendingTotpSecret, type TotpSetVia } from '../db/users';
import { claimLoginAttempt } from './login-throttle';
import { issueRecoveryCodes } from './recovery-codes';
import { contextsReachedByPassword } from './sign-in';
import type { AuthMethod, TokenClaims, VerifiedSession } from './tokens';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';
import { isAfterFreeze, isRecentRecovery, isRecentSignIn, lockSessionUser, mayChangeFactors } from './factor-changes';
import { withMail } from './mail-intents';

export const TOTP_ISSUER = 'Frontdoor';

/** Why a session may not set up a user's TOTP secret. */
export type EnrolmentRefusal = 'mfa_managed_by_identity_provider' | 'recent_password_required' | 'recent_sign_in_required';

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
 * the owner would be locked out. The second factor of a session through an organisation's identity
 * provider (SAML or OpenID Connect) is that provider's.
 */
function enrolmentRefusal({ claims, user }: VerifiedSession): EnrolmentRefusal | undefined {
  if (claims.purpose === 'mfa-setup') return isAfterFreeze(claims, user) ? undefined : 'recent_password_required';
  if (claims.amr?.some((method) => method === 'saml' || method === 'oidc')) return 'mfa_managed_by_identity_provider';
  if (!claims.amr?.includes('pwd') || !isRecentSignIn(claims, user)) return 'recent_password_required';
  return undefined;
}

/** A replacement needs a recent full sign-in, or a recent recovery-code sign-in (server/auth/factor-changes.ts). */
const replacementRefusal = (session: VerifiedSession): EnrolmentRefusal | undefined =>
  mayChangeFactors(session) || isRecentRecovery(session) ? undefined : 'recent_sign_in_required';

/** The refusal of the session, written to the audit log. */
async function refusalOf(services: Services, { session, context, clientAddress }: Enrolment): Promise<EnrolmentRefusal | undefined> {
  const refusal = session.user.totp_secret ? replacementRefusal(session) : enrolmentRefusal(session);
  if (refusal) await audit(services.db, clientAddress, 'mfa.enrolment_refused', { userId: session.user.id, context, detail: { code: refusal } });
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

/** The session the confirmation answers: like the caller's, with `otp` proved and no longer standing on a recovery code. */
async function confirmedSession(services: Services, claims: TokenClaims, user: VerifiedSession['user'], generation: number): Promise<string> {
  const { db, tokens } = services;
  let contexts = claims.contexts;
  if (claims.purpose === 'mfa-setup') {
    await tokens.revoke(claims);
    contexts = await contextsReachedByPassword(db, user.id);
  }
  const amr: AuthMethod[] = [...new Set<AuthMethod>([...(claims.amr ?? []), 'otp'])].filter((method) => method !== 'rec');
  const grant = { userId: user.id, email: user.email, contexts, amr, purpose: 'session' as const, generation, session: { continues: claims.sid } };
  return tokens.issueSignIn(claims.auth_time === undefined ? grant : { ...grant, authTime: claims.auth_time });
}

/**
 * The latest offered secret and a valid code of it enable TOTP (a replacement also sends a code of
 * the secret in force, but for a recent recovery sign-in), and the code's step counts as used. A
 * wrong code of the secret in force counts as a failed sign-in of the e-mail, as at login
 * (server/auth/login-throttle.ts).
 */
export async function confirmTotpSecret(services: Services, enrolment: Enrolment, confirmation: TotpConfirmation): Promise<TotpConfirmed> {
  const refusal = await refusalOf(services, enrolment);
  if (refusal) return { kind: 'refused', reason: refusal };
  const { db, totpSecrets } = services;
  const { session, context, clientAddress } = enrolment;
  const { claims, user } = session;
  const { mfaSecret, challenge, currentChallenge } = confirmation;
  const recovering = Boolean(user.totp_secret) && isRecentRecovery(session);
  if (user.totp_secret && !recovering && currentChallenge === undefined) return { kind: 'current-code-required' };
  const refused = async (): Promise<TotpConfirmed> => {
    await audit(db, clientAddress, 'mfa.confirmation_failed', { userId: user.id, context });
    return { kind: 'invalid-code' };
  };
  let replaced: { secret: string; step?: number } | undefined;
  let via: Exclude<TotpSetVia, 'operator'> = 'enrolment';
  if (user.totp_secret && recovering) {
    replaced = { secret: user.totp_secret };
    via = 'recovery';
  } else if (user.totp_secret) {
    // Guessing the code in force through a stolen session costs what guessing it at login does.
    const attempt = await claimLoginAttempt(db, clientAddress, user.email);
    const currentStep = matchingStep(totpSecrets.open(user.id, user.totp_secret), currentChallenge ?? '');
    if (currentStep === undefined) return refused();
    await attempt.succeeded();
    replaced = { secret: user.totp_secret, step: currentStep };
    via = 'code';
  }
  // Only the secret offered last is taken; it is stored encrypted, and compared as stored.
  const offered = user.totp_pending_secret;
  const step = offered !== null && totpSecrets.open(user.id, offered) === mfaSecret ? matchingStep(mfaSecret, challenge) : undefined;
  if (offered === null || step === undefined) return refused();
  // A new set of codes with every confirmation: codes printed for an authenticator that is gone stop working.
  const confirmed = await withMail(services, async (tx, queue) => {
    await lockSessionUser(tx, session);
    const generation = await confirmPendingTotpSecret(tx, user.id, { secret: offered, step }, via, replaced);
    if (generation === undefined) return undefined;
    // A replaced authenticator ends every other session; their apps are told (server/auth/backchannel-logout.ts).
    if (replaced) await queueBackchannelLogoutsOfUser(tx, user.id, generation - 1, session.claims.sid);
    const recoveryCodes = await issueRecoveryCodes(tx, services.recoveryCodes, user.id);
    await queue({ kind: 'account-alert', params: { userId: user.id, event: replaced ? 'totp-replaced' : 'totp-enabled' } });
    await audit(tx, clientAddress, 'mfa.enabled', { userId: user.id, context, detail: { replaced: Boolean(replaced), via } });
    return { generation, recoveryCodes };
  });
  if (!confirmed) return refused();
  return { kind: 'enabled', token: await confirmedSession(services, claims, user, confirmed.generation), recoveryCodes: confirmed.recoveryCodes };
}
