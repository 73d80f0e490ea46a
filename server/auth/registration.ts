/**
 * Register and forgot-password (flows 4.11 and 4.12): the link that sets a password, mailed where it
 * makes sense. The API queues the request and answers the same for known and unknown e-mails; the
 * mail queue composes it afterwards (server/auth/mail-intents.ts), so neither the answer nor its
 * timing reveals an account.
 */
import type { Services } from '../services';
import { audit } from '../db/audit';
import { joinOpenOrganizations, userOrganizations } from '../db/memberships';
import { findUserByEmail, insertUserIfNew } from '../db/users';
import type { ClaimedMail } from '../db/mail-queue';
import type { Composed } from '../mail/mail-queue';
import { registrationMail, resetMail } from '../mail/templates';
import type { Language } from '../../rules/languages';
import { isSamlOnly } from './accounts';
import { resetLink, signupLink } from './links';
import { LIMITS } from './rate-limit';
import { countRecipient } from './mail-cap';

export interface LinkRequest {
  email: string;
  /** The language of the mail. */
  language: Language;
  clientAddress: string;
}

/**
 * At most a few mails an hour to one mailbox, whoever asks and however its address is written; past
 * that, a request's mail is dropped. Its first attempt is audited and counted, a retry is not.
 */
async function mayMail(services: Services, mail: ClaimedMail, recipient: string, audited: () => Promise<void>): Promise<boolean> {
  if (!mail.recipientCounted) await audited();
  return (await countRecipient(services, mail, recipient, LIMITS.mailsPerRecipient)).allowed;
}

/**
 * A signup link for a new address, nothing for a known one: one with a password, one whose owner
 * turned it off with "This wasn't me" (a reset sets the next one), or one of an organisation that
 * signs in through SAML only.
 */
export async function composeSignupLink(services: Services, { email, language, clientAddress }: LinkRequest, mail: ClaimedMail): Promise<Composed> {
  const { db, tokens, config } = services;
  let user = await findUserByEmail(db, email);
  if (user && (user.password_hash || user.factors_frozen_at || isSamlOnly(await userOrganizations(db, user.id)))) return { kind: 'nothing' };
  if (!user) {
    // A new account joins the organisations open for registration.
    await db.transaction(async (tx) => {
      const id = await insertUserIfNew(tx, email, language);
      if (id) await joinOpenOrganizations(tx, id);
    });
    user = await findUserByEmail(db, email);
    if (!user) return { kind: 'nothing' };
  }
  const { id } = user;
  if (!(await mayMail(services, mail, user.email, () => audit(db, clientAddress, 'registration.requested', { userId: id })))) return { kind: 'nothing' };
  const token = await tokens.issueOneTime({ userId: user.id, email: user.email }, 'invitation');
  return { kind: 'send', message: { to: user.email, ...registrationMail(language, signupLink(config.publicUrl, token, language)) } };
}

/** A reset link for a known password user, nothing otherwise. */
export async function composeResetLink(services: Services, { email, language, clientAddress }: LinkRequest, mail: ClaimedMail): Promise<Composed> {
  const { db, tokens, config } = services;
  const user = await findUserByEmail(db, email);
  // No password to reset for users who sign in through their organisation's identity provider.
  if (!user || isSamlOnly(await userOrganizations(db, user.id))) return { kind: 'nothing' };
  const { id } = user;
  if (!(await mayMail(services, mail, user.email, () => audit(db, clientAddress, 'password.reset_requested', { userId: id })))) return { kind: 'nothing' };
  const token = await tokens.issueOneTime({ userId: user.id, email: user.email }, 'reset');
  return { kind: 'send', message: { to: user.email, ...resetMail(language, resetLink(config.publicUrl, token, language)) } };
}
