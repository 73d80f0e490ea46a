/**
 * What an organisation's directory keeps here (server/scim/): its tokens, by their hash only, and
 * on each membership the directory's own id of the person and their name.
 */
import type { Queryable } from './database-types';
import type { MembershipEnd } from './memberships';
import type { OrganizationRow } from './organizations';

export async function insertScimToken(db: Queryable, organizationId: string, tokenHash: string): Promise<void> {
  await db.query('INSERT INTO scim_tokens (token_hash, organization_id) VALUES ($1, $2)', [tokenHash, organizationId]);
}

/** The organisation a token's hash belongs to, if any. */
export async function organizationOfScimToken(
  db: Queryable,
  tokenHash: string,
): Promise<Pick<OrganizationRow, 'id' | 'context' | 'default_language'> | undefined> {
  const [row] = await db.query<Pick<OrganizationRow, 'id' | 'context' | 'default_language'>>(
    'SELECT o.id, o.context, o.default_language FROM scim_tokens t JOIN organizations o ON o.id = t.organization_id WHERE t.token_hash = $1',
    [tokenHash],
  );
  return row;
}

/** A member as the directory sees them. */
export interface DirectoryMember {
  user_id: string;
  email: string;
  enabled: boolean;
  ended: MembershipEnd | null;
  external_id: string | null;
  given_name: string | null;
  family_name: string | null;
  created_at: Date;
  updated_at: Date;
}

const MEMBER = `SELECT m.user_id, u.email, m.enabled, m.ended, m.external_id, m.given_name, m.family_name, m.created_at, m.updated_at
  FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = $1 AND m.ended IS DISTINCT FROM 'removed'`;

export async function directoryMember(db: Queryable, organizationId: string, userId: string): Promise<DirectoryMember | undefined> {
  const [row] = await db.query<DirectoryMember>(`${MEMBER} AND m.user_id = $2`, [organizationId, userId]);
  return row;
}

/** The members whose e-mail is `email` (any case), or all: oldest first, from `offset`, at most `limit`; and how many there are. */
export async function directoryMembers(
  db: Queryable,
  organizationId: string,
  page: { email?: string | undefined; offset: number; limit: number },
): Promise<{ total: number; members: DirectoryMember[] }> {
  const byEmail = page.email === undefined ? [] : [page.email];
  const where = (at: number) => (page.email === undefined ? '' : ` AND lower(u.email) = lower($${at})`);
  const members = await db.query<DirectoryMember>(`${MEMBER}${where(4)} ORDER BY m.created_at, m.user_id OFFSET $2 LIMIT $3`, [
    organizationId,
    page.offset,
    page.limit,
    ...byEmail,
  ]);
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM memberships m JOIN users u ON u.id = m.user_id
     WHERE m.organization_id = $1 AND m.ended IS DISTINCT FROM 'removed'${where(2)}`,
    [organizationId, ...byEmail],
  );
  return { total: count?.n ?? 0, members };
}

/** What the directory says of the person, kept on their membership. */
export async function setDirectoryFields(
  db: Queryable,
  organizationId: string,
  userId: string,
  fields: { externalId: string | null; givenName: string | null; familyName: string | null },
): Promise<void> {
  await db.query('UPDATE memberships SET external_id = $3, given_name = $4, family_name = $5, updated_at = now() WHERE organization_id = $1 AND user_id = $2', [
    organizationId,
    userId,
    fields.externalId,
    fields.givenName,
    fields.familyName,
  ]);
}
