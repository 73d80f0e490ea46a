/**
 * The organisations a session may enter and the one it is in (flows 4.7 and 4.8).
 */
import type { Queryable } from '../db/database-types';
import { userOrganizations } from '../db/memberships';
import { findOrganization, type OrganizationRow } from '../db/organizations';
import type { TokenClaims } from './tokens';

/** An organisation as the domain reads it. */
export type Organization = OrganizationRow;

/** Only enabled organisations of enabled memberships, and only those the token reaches. */
export async function organizationsOfSession(db: Queryable, claims: TokenClaims): Promise<Organization[]> {
  return (await userOrganizations(db, claims.sub)).filter((organization) => claims.contexts.includes(organization.context));
}

/** The organisation of a context while it is enabled. */
export async function openOrganization(db: Queryable, context: string): Promise<Organization | undefined> {
  const organization = await findOrganization(db, context);
  return organization?.enabled ? organization : undefined;
}
