/**
 * What the mail queue holds (server/mail/mail-queue.ts): not a finished mail but what it is about,
 * composed when its time comes, so no live link waits in the database and a request is answered as
 * soon as its intent is stored, whatever the mail will turn out to be.
 */
import type { Services } from '../services';
import type { Queryable } from '../db/database-types';
import type { ClaimedMail } from '../db/mail-queue';
import { findOrganization } from '../db/organizations';
import { findUserById } from '../db/users';
import type { Composed } from '../mail/mail-queue';
import { invitationMail } from '../mail/templates';
import type { Language } from '../../rules/languages';
import { composeAlert, composeAlertDigest, composeSecuredAccount, type Alert } from './account-alerts';
import type { AlertDigest } from './alert-digest';
import { signupLink } from './links';
import { composeBackchannelLogout, type BackchannelLogout } from './backchannel-logout';
import { composeResetLink, composeSignupLink, type LinkRequest } from './registration';

export type MailIntent =
  | { kind: 'signup-link'; params: LinkRequest }
  | { kind: 'reset-link'; params: LinkRequest }
  | { kind: 'invitation'; params: { userId: string; context: string; language: Language } }
  | { kind: 'account-alert'; params: Alert }
  /** Queued by the alerts past their cap (server/auth/alert-digest.ts). */
  | { kind: 'account-alert-digest'; params: AlertDigest }
  | { kind: 'account-secured'; params: { userId: string } }
  /** Queued by SQL beside the change that ends a session (server/db/oidc.ts, queueBackchannelLogouts). */
  | { kind: 'backchannel-logout'; params: BackchannelLogout };

/** The invitation to an organisation (flows 4.12): a /signup link valid for 7 days. */
async function composeInvitation(
  services: Services,
  { userId, context, language }: { userId: string; context: string; language: Language },
): Promise<Composed> {
  const { db, tokens, config } = services;
  const [user, organization] = await Promise.all([findUserById(db, userId), findOrganization(db, context)]);
  if (!user || !organization) return { kind: 'nothing' };
  const token = await tokens.issueOneTime({ userId: user.id, email: user.email }, 'invitation');
  return { kind: 'send', message: { to: user.email, ...invitationMail(language, signupLink(config.publicUrl, token, language), organization.name) } };
}

/** A queued mail as it is to be sent now; the queue holds only intents written by MailIntent. */
export function composeMail(services: Services, mail: ClaimedMail): Promise<Composed> {
  const intent = { kind: mail.kind, params: mail.params } as MailIntent;
  switch (intent.kind) {
    case 'signup-link':
      return composeSignupLink(services, intent.params, mail);
    case 'reset-link':
      return composeResetLink(services, intent.params, mail);
    case 'invitation':
      return composeInvitation(services, intent.params);
    case 'account-alert':
      return composeAlert(services, intent.params, mail);
    case 'account-alert-digest':
      return composeAlertDigest(services, intent.params, mail);
    case 'account-secured':
      return composeSecuredAccount(services, intent.params, mail);
    case 'backchannel-logout':
      return composeBackchannelLogout(services, intent.params);
    default:
      throw new Error(`No mail is composed for "${mail.kind}".`);
  }
}

/**
 * Runs `change` in one transaction with the mail it queues, and has the queue send it once the
 * transaction has committed: the mail exists exactly when the change does.
 */
export async function withMail<T>(
  services: Pick<Services, 'db' | 'mail'>,
  change: (tx: Queryable, queue: (intent: MailIntent) => Promise<void>) => Promise<T>,
): Promise<T> {
  const result = await services.db.transaction((tx) => change(tx, (intent) => services.mail.enqueue(tx, intent)));
  services.mail.kick();
  return result;
}

/** Queues a mail that no change goes with (a register or forgot-password request, an invitation) and has it sent shortly. */
export async function queueMail(services: Pick<Services, 'db' | 'mail'>, intent: MailIntent): Promise<void> {
  await services.mail.enqueue(services.db, intent);
  services.mail.kick();
}
