/**
 * The owner hears of every change to how their account signs in (a passkey added or removed, TOTP
 * set up or replaced, recovery codes renewed or used, an operator's reset): an alert mail, queued in
 * the transaction of the change, in their language, with no secret in it. Each carries "This wasn't
 * me": a link, single use for 24 hours, whose page asks before it acts (a mail scanner that follows
 * links acts on nothing). Acting on it ends every session, removes the passkey or authenticator the
 * mail is about and any added at that time or since, turns the password off, freezes factor changes
 * until a full sign-in after it (server/auth/factor-changes.ts) and mails a link to choose a new
 * password (docs/decisions/0015-what-a-thief-could-have-added.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Services } from '../services';
import type { Queryable } from '../db/database';
import { audit } from '../db/audit';
import { insertAccountAlert, spendAccountAlert, spendAccountAlertsOf } from '../db/account-alerts';
import { deletePasskeysOf } from '../db/passkeys';
import { deleteRecoveryCodes } from '../db/recovery-codes';
import { spendUserOneTimeTokens } from '../db/tokens';
import { clearPasswordAndFreezeFactors, clearTotp, endSessions, findUserById, lockUser } from '../db/users';
import type { ClaimedMail } from '../db/mail-queue';
import type { Composed } from '../mail/mail-queue';
import { alertMail, securedAccountMail, type AlertEvent } from '../mail/alert-templates';
import { resetLink, secureAccountLink } from './links';
import { LIMITS, hit } from './rate-limit';
import { mailboxKey } from '../mail/mailbox';

/** How long a "This wasn't me" link works. */
export const ALERT_LINK_SECONDS = 24 * 3600;

export interface Alert {
  userId: string;
  event: AlertEvent;
  passkeyId?: string | undefined;
  passkeyName?: string | undefined;
  recoveryCodesLeft?: number | undefined;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The per-recipient mail cap holds for alerts too, but an alert is never dropped: past the cap it
 * waits for the window to end, so no one can silence the owner by filling their mailbox first.
 */
async function capped(services: Services, recipient: string): Promise<Composed | undefined> {
  const { allowed, retryAfter } = await hit(services.db, LIMITS.mailsPerRecipient, mailboxKey(recipient));
  return allowed ? undefined : { kind: 'later', seconds: retryAfter };
}

/** The alert mail, with a new "This wasn't me" link; the time of the change is when it was queued. */
export async function composeAlert(services: Services, alert: Alert, mail: ClaimedMail): Promise<Composed> {
  const { db, config } = services;
  const user = await findUserById(db, alert.userId);
  if (!user) return { kind: 'nothing' };
  const later = await capped(services, user.email);
  if (later) return later;
  const token = randomBytes(32).toString('base64url');
  await insertAccountAlert(db, {
    hash: sha256(token),
    userId: user.id,
    event: alert.event,
    passkeyId: alert.passkeyId,
    happenedAt: mail.createdAt,
    ttlSeconds: ALERT_LINK_SECONDS,
  });
  const facts = { event: alert.event, happenedAt: mail.createdAt.toISOString(), passkeyName: alert.passkeyName, recoveryCodesLeft: alert.recoveryCodesLeft };
  const link = secureAccountLink(config.publicUrl, token, user.language);
  return { kind: 'send', message: { to: user.email, ...alertMail(user.language, facts, link) } };
}

/** After "This wasn't me": a link to choose a new password. */
export async function composeSecuredAccount(services: Services, { userId }: { userId: string }): Promise<Composed> {
  const { db, tokens, config } = services;
  const user = await findUserById(db, userId);
  if (!user) return { kind: 'nothing' };
  const later = await capped(services, user.email);
  if (later) return later;
  const token = await tokens.issueOneTime({ userId: user.id, email: user.email }, 'reset');
  return { kind: 'send', message: { to: user.email, ...securedAccountMail(user.language, resetLink(config.publicUrl, token, user.language)) } };
}

const TOTP_EVENTS: readonly AlertEvent[] = ['totp-enabled', 'totp-replaced'];

export type SecuredAccount = { kind: 'secured' } | { kind: 'link-spent' };

/**
 * "This wasn't me" (POST /secure-account): in one transaction, the link is spent, every session
 * ends, the factor the alert is about and any added at that time or since are removed, the
 * password stops working, factor changes freeze, and the mail with a new password's link is queued.
 */
export async function secureAccount(services: Services, input: { token: string; clientAddress: string }): Promise<SecuredAccount> {
  const { db, mail } = services;
  const outcome = await db.transaction(async (tx): Promise<SecuredAccount> => {
    const alert = await spendAccountAlert(tx, sha256(input.token));
    if (!alert) return { kind: 'link-spent' };
    const userId = alert.user_id;
    await lockUser(tx, userId);
    await removeWhatTheAlertIsAbout(tx, userId, alert);
    await endSessions(tx, userId);
    await clearPasswordAndFreezeFactors(tx, userId);
    await spendUserOneTimeTokens(tx, userId);
    await spendAccountAlertsOf(tx, userId);
    await mail.enqueue(tx, { kind: 'account-secured', params: { userId } });
    await audit(tx, input.clientAddress, 'account.secured', { userId, detail: { event: alert.event } });
    return { kind: 'secured' };
  });
  if (outcome.kind === 'secured') mail.kick();
  return outcome;
}

async function removeWhatTheAlertIsAbout(tx: Queryable, userId: string, alert: { event: string; passkey_id: string | null; happened_at: Date }) {
  const user = await findUserById(tx, userId);
  const totpSince = user?.totp_set_at && new Date(user.totp_set_at) >= alert.happened_at;
  if (TOTP_EVENTS.includes(alert.event as AlertEvent) || totpSince) {
    await clearTotp(tx, userId);
    await deleteRecoveryCodes(tx, userId);
  }
  if (alert.event === 'recovery-codes-renewed') await deleteRecoveryCodes(tx, userId);
  await deletePasskeysOf(tx, userId, { id: alert.passkey_id, addedSince: alert.happened_at });
}
