/**
 * People joining and leaving without an operator's SQL (docs/federation.md): an operator disables a
 * person or enables them again; an organisation, through an operator or its directory (SCIM), ends a
 * membership. Whatever ends, the person's sessions end with it at once, on every instance (the
 * session generation moves on), and the apps they signed in to hear it (back-channel logout), in
 * the transaction of the change; each change is in the audit log.
 */
import type { Services } from '../services';
import { audit } from '../db/audit';
import { queueBackchannelLogoutsOfUser } from '../db/oidc';
import { endMembership, upsertMembership, type MembershipEnd } from '../db/memberships';
import { endSessions, lockUser, setUserDisabled } from '../db/users';
import type { Queryable } from '../db/database-types';
import { withMail } from './mail-intents';

/** Who changed it, for the audit log: the admin command (server/auth/second-factor-reset.ts's OPERATOR) or a directory's client address. */
export interface ChangedBy {
  clientAddress: string;
  /** `operator` or `scim`. */
  via: 'operator' | 'scim';
}

/** Ends every session of the user, and tells their apps: in the transaction of what ended them. */
async function endEverySession(tx: Queryable, userId: string): Promise<void> {
  await queueBackchannelLogoutsOfUser(tx, userId, (await endSessions(tx, userId)) - 1);
}

/** The person signs in nowhere from now on; their sessions end. False when they were disabled already. */
export async function disableUser(services: Pick<Services, 'db' | 'mail'>, userId: string, by: ChangedBy): Promise<boolean> {
  return withMail(services, async (tx) => {
    await lockUser(tx, userId);
    if (!(await setUserDisabled(tx, userId, true))) return false;
    await endEverySession(tx, userId);
    await audit(tx, by.clientAddress, 'user.disabled', { userId, detail: { via: by.via } });
    return true;
  });
}

/** The person may sign in again. False when they were not disabled. */
export async function enableUser(services: Pick<Services, 'db'>, userId: string, by: ChangedBy): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    if (!(await setUserDisabled(tx, userId, false))) return false;
    await audit(tx, by.clientAddress, 'user.enabled', { userId, detail: { via: by.via } });
    return true;
  });
}

/**
 * The organisation ends the person's membership (`deactivated` or `removed`): their sessions end,
 * since a session reaches each of the person's organisations; they sign in again to the others.
 * False when there was no membership to end.
 */
export async function endMembershipOf(
  services: Pick<Services, 'db' | 'mail'>,
  membership: { userId: string; organizationId: string; context: string },
  end: MembershipEnd,
  by: ChangedBy,
): Promise<boolean> {
  const { userId, organizationId, context } = membership;
  return withMail(services, async (tx) => {
    await lockUser(tx, userId);
    if (!(await endMembership(tx, userId, organizationId, end))) return false;
    await endEverySession(tx, userId);
    await audit(tx, by.clientAddress, 'member.ended', { userId, context, detail: { end, via: by.via } });
    return true;
  });
}

/** The organisation takes the person in, or back: an ended membership starts again. */
export async function startMembershipOf(
  services: Pick<Services, 'db'>,
  membership: { userId: string; organizationId: string; context: string },
  by: ChangedBy,
): Promise<void> {
  const { userId, organizationId, context } = membership;
  await services.db.transaction(async (tx) => {
    await upsertMembership(tx, userId, organizationId, true);
    await audit(tx, by.clientAddress, 'member.provisioned', { userId, context, detail: { via: by.via } });
  });
}
