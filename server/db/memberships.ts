/**
 * The memberships table: which users belong to which organisations, each membership enabled or not
 * (flows 6: only enabled organisations are listed).
 */
import type { Queryable } from './database-types';
import type { OrganizationRow } from './organizations';

/**
 * The organisations `o` that are enabled and of which the user `userId` (an SQL expression) is an
 * enabled member. A filter rather than a join (a membership names its organisation once): the plan
 * has no join to build, which a sign-in on PGlite pays for in the server's own thread.
 */
const MEMBER_OF = (userId: string) => `o.enabled AND o.id = ANY (ARRAY(SELECT m.organization_id FROM memberships m WHERE m.user_id = ${userId} AND m.enabled))`;

/** The reserved contexts serviceProvider and meta first (flows 2 and 6), then by name. */
const LISTING_ORDER = `CASE o.context WHEN 'serviceProvider' THEN 0 WHEN 'meta' THEN 1 ELSE 2 END, lower(o.name), o.context`;

/** The enabled organisations of which the user `userId` (an SQL expression) is an enabled member, in order. */
const ORGANIZATIONS_OF_USER = (userId: string) => `SELECT o.* FROM organizations o WHERE ${MEMBER_OF(userId)} ORDER BY ${LISTING_ORDER}`;

/** The same as one JSON array (null when there are none), sorted by the aggregate itself rather than by a subquery. */
export const ORGANIZATIONS_OF_USER_AS_JSON = (userId: string) => `SELECT json_agg(o ORDER BY ${LISTING_ORDER}) FROM organizations o WHERE ${MEMBER_OF(userId)}`;

export async function userOrganizations(db: Queryable, userId: string): Promise<OrganizationRow[]> {
  return db.query<OrganizationRow>(ORGANIZATIONS_OF_USER('$1'), [userId]);
}

/** Is the user an enabled member of this enabled organisation? */
export async function isMember(db: Queryable, userId: string, context: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM memberships m JOIN organizations o ON o.id = m.organization_id
     WHERE m.user_id = $1 AND o.context = $2 AND m.enabled AND o.enabled`,
    [userId, context],
  );
  return rows.length > 0;
}

/** Adds the user to the organisation, or takes them back: a membership the organisation had ended starts again. */
export async function upsertMembership(db: Queryable, userId: string, organizationId: string, enabled: boolean): Promise<void> {
  await db.query(
    `INSERT INTO memberships (user_id, organization_id, enabled) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, organization_id) DO UPDATE SET enabled = EXCLUDED.enabled, ended = NULL, updated_at = now()`,
    [userId, organizationId, enabled],
  );
}

/** The person's membership of the organisation as it stands, if any. */
export async function membershipOf(
  db: Queryable,
  userId: string,
  organizationId: string,
): Promise<{ enabled: boolean; ended: MembershipEnd | null } | undefined> {
  const [row] = await db.query<{ enabled: boolean; ended: MembershipEnd | null }>(
    'SELECT enabled, ended FROM memberships WHERE user_id = $1 AND organization_id = $2',
    [userId, organizationId],
  );
  return row;
}

/** Adds the person to the organisation unless they have a membership of it already, whatever its state: answers whether it did. */
export async function insertMembershipIfNew(db: Queryable, userId: string, organizationId: string): Promise<boolean> {
  const rows = await db.query('INSERT INTO memberships (user_id, organization_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1', [
    userId,
    organizationId,
  ]);
  return rows.length > 0;
}

/** How an organisation ended a membership: `deactivated` is still listed to its directory (SCIM `active: false`), `removed` is not. */
export type MembershipEnd = 'deactivated' | 'removed';

/** Ends the membership, as its organisation asked; false when there is none to end (none, or removed already). */
export async function endMembership(db: Queryable, userId: string, organizationId: string, end: MembershipEnd): Promise<boolean> {
  const rows = await db.query(
    `UPDATE memberships SET enabled = false, ended = $3, updated_at = now()
     WHERE user_id = $1 AND organization_id = $2 AND ended IS DISTINCT FROM 'removed' RETURNING 1`,
    [userId, organizationId, end],
  );
  return rows.length > 0;
}

/**
 * Has the person left: at least one organisation ended their membership and none is left enabled?
 * Such a person signs in nowhere (docs/federation.md); one who never belonged to any signs in to their account.
 */
export async function hasLeftEveryOrganization(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.query<{ left: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM memberships WHERE user_id = $1 AND ended IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM memberships WHERE user_id = $1 AND enabled) AS left`,
    [userId],
  );
  return row?.left ?? false;
}

export interface MemberRow {
  user_id: string;
  email: string;
  enabled: boolean;
  ended: MembershipEnd | null;
  /** The person is disabled by an operator (no sign-in anywhere). */
  disabled: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The organisation's memberships but removed ones, oldest first, from `offset` (a directory's paging), at most `limit`. */
export async function membersOf(db: Queryable, organizationId: string, page: { offset: number; limit: number }): Promise<MemberRow[]> {
  return db.query<MemberRow>(
    `SELECT m.user_id, u.email, m.enabled, m.ended, u.disabled_at IS NOT NULL AS disabled, m.created_at, m.updated_at
     FROM memberships m JOIN users u ON u.id = m.user_id
     WHERE m.organization_id = $1 AND m.ended IS DISTINCT FROM 'removed'
     ORDER BY m.created_at, m.user_id OFFSET $2 LIMIT $3`,
    [organizationId, page.offset, page.limit],
  );
}

/** A new account joins every enabled organisation that is open for registration. */
export async function joinOpenOrganizations(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO memberships (user_id, organization_id)
     SELECT $1, id FROM organizations WHERE open_registration AND enabled ON CONFLICT DO NOTHING`,
    [userId],
  );
}
