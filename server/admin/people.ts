/**
 * The admin command's people (server/auth/people.ts): disable-user, enable-user, remove-member and
 * list-members, each refusing bad input in one line as the other commands do.
 */
import type { Services } from '../services';
import type { Queryable } from '../db/database-types';
import { findUserByEmail, type UserRow } from '../db/users';
import { membersOf } from '../db/memberships';
import { disableUser, enableUser, endMembershipOf, type ChangedBy } from '../auth/people';
import { OPERATOR } from '../auth/second-factor-reset';
import { AdminError, existingOrganization } from './operations';

const BY_OPERATOR: ChangedBy = { clientAddress: OPERATOR, via: 'operator' };

async function existingUser(db: Queryable, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AdminError(`No user has e-mail "${email}".`);
  return user;
}

export async function userCommand(services: Services, command: 'disable-user' | 'enable-user', email: string): Promise<string> {
  const user = await existingUser(services.db, email);
  if (command === 'disable-user') {
    return (await disableUser(services, user.id, BY_OPERATOR))
      ? `Disabled ${user.email}: no sign-in anywhere, every session ended.`
      : `${user.email} was disabled already.`;
  }
  return (await enableUser(services, user.id, BY_OPERATOR)) ? `Enabled ${user.email}: they may sign in again.` : `${user.email} was not disabled.`;
}

export async function memberCommand(services: Services, email: string, context: string): Promise<string> {
  const organization = await existingOrganization(services.db, context);
  const user = await existingUser(services.db, email);
  const ended = await endMembershipOf(services, { userId: user.id, organizationId: organization.id, context: organization.context }, 'removed', BY_OPERATOR);
  if (!ended) throw new AdminError(`${user.email} is not a member of ${organization.context}.`);
  return `Removed ${user.email} from ${organization.context}: their sessions ended.`;
}

/** Pages of this many rows, so an organisation of any size is listed in bounded statements. */
const PAGE = 1000;

export async function listMembersCommand(db: Queryable, context: string): Promise<string> {
  const organization = await existingOrganization(db, context);
  const lines: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const rows = await membersOf(db, organization.id, { offset, limit: PAGE });
    for (const row of rows) {
      lines.push(
        JSON.stringify({ email: row.email, active: row.enabled, ended: row.ended, disabled: row.disabled, since: new Date(row.created_at).toISOString() }),
      );
    }
    if (rows.length < PAGE) return lines.join('\n');
  }
}
