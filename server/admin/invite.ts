import type { Services } from '../services';
import { findOrganization } from '../db/organizations';
import { findUserByEmail } from '../db/users';
import { queueMail } from '../auth/mail-intents';
import type { Language } from '../../rules/languages';
import { AdminError, addMembership, createUser } from './operations';

/**
 * Invites a user into an organisation: the account is made if missing, the membership enabled, and
 * a mail with a /signup link (valid 7 days, single use) queued in the user's language.
 */
export async function inviteUser(services: Services, invitation: { email: string; context: string; language?: Language }) {
  const { db } = services;
  const organization = await findOrganization(db, invitation.context);
  if (!organization) throw new AdminError(`No organisation has context "${invitation.context}".`);
  const user =
    (await findUserByEmail(db, invitation.email)) ??
    (await createUser(db, { email: invitation.email, ...(invitation.language ? { language: invitation.language } : {}) }));
  await addMembership(db, user.id, organization.context);
  await queueMail(services, { kind: 'invitation', params: { userId: user.id, context: organization.context, language: invitation.language ?? user.language } });
  return { userId: user.id };
}
