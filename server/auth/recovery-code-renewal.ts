/**
 * A new set of recovery codes for a signed-in user (flows 4.6), proved by a current code of the TOTP
 * secret in force: a stolen session alone cannot read fresh codes. The code's step counts as used,
 * and a wrong one counts as a failed sign-in of the e-mail, as at login
 * (server/auth/login-throttle.ts). The old set stops working, and the owner is told by mail
 * (server/auth/account-alerts.ts).
 */
import type { Services } from '../services';
import { audit } from '../db/audit';
import { claimTotpStep } from '../db/users';
import { claimLoginAttempt } from './login-throttle';
import { issueRecoveryCodes } from './recovery-codes';
import type { VerifiedSession } from './tokens';
import { matchingStep } from './totp';
import { withMail } from './mail-intents';
import { lockSessionUser } from './factor-changes';

export type RecoveryCodeRenewal = { kind: 'renewed'; recoveryCodes: string[] } | { kind: 'totp-required' } | { kind: 'invalid-code' };

/** Throws TooManyRequests when the e-mail or the address must wait. */
export async function renewRecoveryCodes(
  services: Services,
  request: { session: VerifiedSession; context: string; challenge: string; clientAddress: string },
): Promise<RecoveryCodeRenewal> {
  const { db, totpSecrets } = services;
  const {
    session: { user },
    context,
    challenge,
    clientAddress,
  } = request;
  if (!user.totp_secret) return { kind: 'totp-required' };
  const attempt = await claimLoginAttempt(db, clientAddress, user.email);
  const step = matchingStep(totpSecrets.open(user.id, user.totp_secret), challenge);
  if (step === undefined || !(await claimTotpStep(db, user.id, step))) {
    await audit(db, clientAddress, 'mfa.confirmation_failed', { userId: user.id, context });
    return { kind: 'invalid-code' };
  }
  await attempt.succeeded();
  const recoveryCodes = await withMail(services, async (tx, queue) => {
    await lockSessionUser(tx, request.session);
    const codes = await issueRecoveryCodes(tx, services.recoveryCodes, user.id);
    await queue({ kind: 'account-alert', params: { userId: user.id, event: 'recovery-codes-renewed' } });
    await audit(tx, clientAddress, 'mfa.recovery_codes_replaced', { userId: user.id, context });
    return codes;
  });
  return { kind: 'renewed', recoveryCodes };
}
