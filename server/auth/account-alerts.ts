/**
 * The owner hears of every change to how their account signs in (a passkey added or removed, TOTP
 * set up or replaced, recovery codes renewed or used, an operator's reset, the password changed or
 * reset) and of a sign-in from a new device (server/auth/devices.ts): an alert mail, queued in
 * the transaction of the change, in their language, with no secret in it and nothing its author
 * chose (a passkey's name). Each carries "This wasn't me": a link, single use for 24 hours, whose
 * page asks before it acts (a mail scanner that follows links acts on nothing). Acting on it ends
 * every session, removes every passkey and an authenticator someone else could have put in place,
 * turns the password off, freezes factor changes until a full sign-in after it
 * (server/auth/factor-changes.ts) and mails a link to choose a new password
 * (docs/decisions/0015-what-a-thief-could-have-added.md).
 */
import { sha256Hex } from './sha256';
import { queueBackchannelLogoutsOfUser } from '../db/oidc';
import { randomBytes } from 'node:crypto';
import type { Services } from '../services';
import { audit } from '../db/audit';
import { insertAccountAlert, oldestOpenAlert, openAlertUser, spendAccountAlert, spendAccountAlertsOf } from '../db/account-alerts';
import { cancelQueuedAlerts, type ClaimedMail } from '../db/mail-queue';
import { deleteAllPasskeys } from '../db/passkeys';
import { deleteRecoveryCodes } from '../db/recovery-codes';
import { spendUserOneTimeTokens } from '../db/tokens';
import { clearPasswordAndFreezeFactors, clearTotp, endSessions, findUserById, lockUser, type UserRow } from '../db/users';
import type { Composed } from '../mail/mail-queue';
import { alertDigestMail, alertMail, securedAccountMail, type AlertEvent } from '../mail/alert-templates';
import { alertFacts, digestEvents, digestLinkEvent, gatherIntoDigest, type AlertDigest } from './alert-digest';
import { resetLink, secureAccountLink } from './links';
import { LIMITS } from './rate-limit';
import { countRecipient } from './mail-cap';

/** How long a "This wasn't me" link works. */
export const ALERT_LINK_SECONDS = 24 * 3600;

export interface Alert {
  userId: string;
  event: AlertEvent;
  recoveryCodesLeft?: number | undefined;
  /** The browser and system of a sign-in or password change, as server/auth/sessions.ts names them. */
  device?: { browser: string; system: string } | undefined;
}

/** Alerts have a cap of their own per recipient, which no stranger's register or reset requests can fill. */
async function capped(services: Services, mail: ClaimedMail, recipient: string) {
  return countRecipient(services, mail, recipient, LIMITS.alertsPerRecipient);
}

/** A new "This wasn't me" link, standing for an alert of `event` that happened at `happenedAt`. */
async function newAlertLink(services: Services, user: UserRow, event: AlertEvent, happenedAt: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertAccountAlert(services.db, { hash: sha256Hex(token), userId: user.id, event, happenedAt, ttlSeconds: ALERT_LINK_SECONDS });
  return secureAccountLink(services.config.publicUrl, token, user.language);
}

/**
 * The alert mail, with a new "This wasn't me" link; the time of the change is when it was queued.
 * Past the cap it is never dropped: it joins its person's digest (server/auth/alert-digest.ts).
 */
export async function composeAlert(services: Services, alert: Alert, mail: ClaimedMail): Promise<Composed> {
  const user = await findUserById(services.db, alert.userId);
  if (!user) return { kind: 'nothing' };
  const cap = await capped(services, mail, user.email);
  if (!cap.allowed) return gatherIntoDigest(services, mail, user.id, cap.retryAfter);
  const link = await newAlertLink(services, user, alert.event, mail.createdAt);
  return { kind: 'send', message: { to: user.email, ...alertMail(user.language, alertFacts(mail), link) } };
}

/** The digest of alerts past the cap, once the cap allows it; until then it waits, and gathers more. */
export async function composeAlertDigest(services: Services, digest: AlertDigest, mail: ClaimedMail): Promise<Composed> {
  const user = await findUserById(services.db, digest.userId);
  if (!user) return { kind: 'nothing' };
  const cap = await capped(services, mail, user.email);
  if (!cap.allowed) return { kind: 'later', seconds: cap.retryAfter };
  const link = await newAlertLink(services, user, digestLinkEvent(digest), new Date(digest.since));
  return { kind: 'send', message: { to: user.email, ...alertDigestMail(user.language, { count: digest.count, events: digestEvents(digest) }, link) } };
}

/** After "This wasn't me": a link to choose a new password. */
export async function composeSecuredAccount(services: Services, { userId }: { userId: string }, mail: ClaimedMail): Promise<Composed> {
  const { db, tokens, config } = services;
  const user = await findUserById(db, userId);
  if (!user) return { kind: 'nothing' };
  const cap = await capped(services, mail, user.email);
  if (!cap.allowed) return { kind: 'later', seconds: cap.retryAfter };
  const token = await tokens.issueOneTime({ userId: user.id, email: user.email }, 'reset');
  return { kind: 'send', message: { to: user.email, ...securedAccountMail(user.language, resetLink(config.publicUrl, token, user.language)) } };
}

/**
 * Whether someone other than the owner could have put the authenticator in force there: one a
 * recovery-code session set up (or replaced with a code of such a one), or a first one set up while
 * the alerts were open, which the password alone allows. One replaced with a code of the one before
 * proves the owner's own phone and stays: a mailbox alone does not take the second factor off.
 */
function authenticatorOfSomeoneElse(user: UserRow, since: Date): boolean {
  if (!user.totp_secret) return false;
  if (user.totp_set_via === 'recovery') return true;
  return user.totp_set_via === 'enrolment' && user.totp_set_at !== null && new Date(user.totp_set_at) >= since;
}

export type SecuredAccount = { kind: 'secured' } | { kind: 'link-spent' };

/**
 * "This wasn't me" (POST /secure-account): in one transaction, holding the user's row first, the
 * link is spent with every other alert of the account (sent or still queued), every session ends,
 * every passkey goes, and the authenticator too where someone else could have put it there since
 * the oldest of those alerts, with its recovery codes (a renewal's codes go anyway); the password
 * stops working, factor changes freeze, and the mail with a new password's link is queued.
 */
export async function secureAccount(services: Services, input: { token: string; clientAddress: string }): Promise<SecuredAccount> {
  const { db, mail } = services;
  const hash = sha256Hex(input.token);
  const outcome = await db.transaction(async (tx): Promise<SecuredAccount> => {
    const userId = await openAlertUser(tx, hash);
    const user = userId === undefined ? undefined : await lockUser(tx, userId);
    const alert = user && (await spendAccountAlert(tx, hash));
    if (!user || !alert) return { kind: 'link-spent' };
    const opened = [alert.happened_at, await oldestOpenAlert(tx, user.id), await cancelQueuedAlerts(tx, user.id)];
    const since = new Date(Math.min(...opened.flatMap((at) => (at ? [at.getTime()] : []))));
    await spendAccountAlertsOf(tx, user.id);
    await deleteAllPasskeys(tx, user.id);
    if (authenticatorOfSomeoneElse(user, since)) await clearTotp(tx, user.id);
    if (authenticatorOfSomeoneElse(user, since) || alert.event === 'recovery-codes-renewed') await deleteRecoveryCodes(tx, user.id);
    await queueBackchannelLogoutsOfUser(tx, user.id, (await endSessions(tx, user.id)) - 1);
    await clearPasswordAndFreezeFactors(tx, user.id);
    await spendUserOneTimeTokens(tx, user.id);
    await mail.enqueue(tx, { kind: 'account-secured', params: { userId: user.id } });
    await audit(tx, input.clientAddress, 'account.secured', { userId: user.id, detail: { event: alert.event } });
    return { kind: 'secured' };
  });
  if (outcome.kind === 'secured') mail.kick();
  return outcome;
}
