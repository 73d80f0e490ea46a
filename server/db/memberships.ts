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

export async function upsertMembership(db: Queryable, userId: string, organizationId: string, enabled: boolean): Promise<void> {
  await db.query(
    `INSERT INTO memberships (user_id, organization_id, enabled) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, organization_id) DO UPDATE SET enabled = EXCLUDED.enabled`,
    [userId, organizationId, enabled],
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
