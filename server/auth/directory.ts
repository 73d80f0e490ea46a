/**
 * An organisation's directory keeping its members here through SCIM (server/scim/, docs/federation.md):
 * its tokens, and the people it adds, changes, deactivates and removes. A token sees its own
 * organisation's members only. Deactivating or removing ends the membership as an operator's
 * remove-member does (server/auth/people.ts): the person's sessions end at once and their apps hear it.
 */
import { randomBytes } from 'node:crypto';
import type { Services } from '../services';
import type { Queryable } from '../db/database-types';
import type { OrganizationRow } from '../db/organizations';
import { accountOf, findUserByEmail } from '../db/users';
import { directoryMember, insertScimToken, organizationOfScimToken, setDirectoryFields, type DirectoryMember } from '../db/scim';
import { membershipOf } from '../db/memberships';
import { audit } from '../db/audit';
import { sha256Hex } from './sha256';
import { endMembershipOf, startMembershipOf, type ChangedBy } from './people';

/** A new token for the organisation's directory: shown once, kept as its hash. */
export async function createScimToken(db: Queryable, organizationId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertScimToken(db, organizationId, sha256Hex(token));
  return token;
}

export const organizationOfToken = (db: Queryable, token: string) => organizationOfScimToken(db, sha256Hex(token));

/** What the directory says of a person: their address, whether they may sign in, its id and their name. */
export interface MemberFields {
  userName?: string;
  active?: boolean;
  externalId?: string | null;
  givenName?: string | null;
  familyName?: string | null;
}

type Organization = Pick<OrganizationRow, 'id' | 'context' | 'default_language'>;

export type Added = { kind: 'added'; member: DirectoryMember } | { kind: 'taken' };

/** Adds the person (their account made if the front door does not know the address, never a password); `taken` when they are a member already. */
export async function addMember(
  services: Pick<Services, 'db' | 'mail'>,
  organization: Organization,
  fields: MemberFields & { userName: string },
  by: ChangedBy,
): Promise<Added> {
  const { db } = services;
  const known = await findUserByEmail(db, fields.userName);
  const membership = known && (await membershipOf(db, known.id, organization.id));
  if (membership && membership.ended !== 'removed') return { kind: 'taken' };
  const userId = known?.id ?? (await accountOf(db, fields.userName, organization.default_language)).user.id;
  const at = { userId, organizationId: organization.id, context: organization.context };
  await startMembershipOf(services, at, by);
  if (fields.active === false) await endMembershipOf(services, at, 'deactivated', by);
  await setDirectoryFields(db, organization.id, userId, {
    externalId: fields.externalId ?? null,
    givenName: fields.givenName ?? null,
    familyName: fields.familyName ?? null,
  });
  const member = await directoryMember(db, organization.id, userId);
  if (!member) throw new Error('A member just added is gone.');
  return { kind: 'added', member };
}

export type Updated = { kind: 'updated'; member: DirectoryMember } | { kind: 'not-found' } | { kind: 'renamed' };

/**
 * Changes a member as the directory says: `replace` (PUT) takes every field as given, a PATCH only
 * those it names. The address is the person's sign-in everywhere, so it is not changed here.
 */
export async function updateMember(
  services: Pick<Services, 'db' | 'mail'>,
  organization: Organization,
  userId: string,
  fields: MemberFields,
  by: ChangedBy,
  replace: boolean,
): Promise<Updated> {
  const { db } = services;
  const member = await directoryMember(db, organization.id, userId);
  if (!member) return { kind: 'not-found' };
  if (fields.userName !== undefined && fields.userName.toLowerCase() !== member.email.toLowerCase()) return { kind: 'renamed' };
  const at = { userId, organizationId: organization.id, context: organization.context };
  if (fields.active === true && !member.enabled) await startMembershipOf(services, at, by);
  if (fields.active === false && member.enabled) await endMembershipOf(services, at, 'deactivated', by);
  const keep = <T>(given: T | undefined, current: T) => (given === undefined ? (replace ? null : current) : given);
  const kept = {
    externalId: keep(fields.externalId, member.external_id),
    givenName: keep(fields.givenName, member.given_name),
    familyName: keep(fields.familyName, member.family_name),
  };
  if (kept.externalId !== member.external_id || kept.givenName !== member.given_name || kept.familyName !== member.family_name) {
    await setDirectoryFields(db, organization.id, userId, kept);
    await audit(db, by.clientAddress, 'member.updated', { userId, context: organization.context, detail: { via: by.via } });
  }
  const updated = await directoryMember(db, organization.id, userId);
  return updated ? { kind: 'updated', member: updated } : { kind: 'not-found' };
}

/** Removes the member (SCIM DELETE): their sessions end; false when the organisation has no such member. */
export async function removeMember(services: Pick<Services, 'db' | 'mail'>, organization: Organization, userId: string, by: ChangedBy): Promise<boolean> {
  if (!(await directoryMember(services.db, organization.id, userId))) return false;
  return endMembershipOf(services, { userId, organizationId: organization.id, context: organization.context }, 'removed', by);
}
