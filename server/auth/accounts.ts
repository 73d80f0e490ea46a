/**
 * Users, organisations and memberships as the flows read them (spec sections 3 and 6).
 */
import type { Queryable } from '../db/database';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  language: string;
  totp_secret: string | null;
  totp_last_step: string | null;
  totp_pending_secret: string | null;
  session_generation: number;
}

export interface OrganizationRow {
  id: string;
  context: string;
  name: string;
  logo: string;
  enabled: boolean;
  sso_mode: 'NOT_SET' | 'LOGIN_SAML' | 'SAML_ONLY';
  saml_entry_point: string | null;
  saml_idp_issuer: string | null;
  saml_idp_cert: string | null;
  mfa_policy: 'OPTIONAL' | 'REQUIRED';
  terms_version: number;
  terms_content: Record<string, string>;
  default_language: string;
  open_registration: boolean;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0];
}

export async function findOrganization(db: Queryable, context: string): Promise<OrganizationRow | undefined> {
  const rows = await db.query<OrganizationRow>('SELECT * FROM organizations WHERE context = $1', [context]);
  return rows[0];
}

/**
 * The enabled organisations the user is an enabled member of: the reserved contexts serviceProvider
 * and meta first (spec sections 2 and 6), then by name.
 */
export async function userOrganizations(db: Queryable, userId: string): Promise<OrganizationRow[]> {
  return db.query<OrganizationRow>(
    `SELECT o.* FROM organizations o JOIN memberships m ON m.organization_id = o.id
     WHERE m.user_id = $1 AND m.enabled AND o.enabled
     ORDER BY CASE o.context WHEN 'serviceProvider' THEN 0 WHEN 'meta' THEN 1 ELSE 2 END, lower(o.name), o.context`,
    [userId],
  );
}

/** How a session was opened: a password reaches no organisation that signs in through SAML only. */
export type SignIn = { via: 'password' } | { via: 'saml'; context: string };

export function reachableOrganizations(organizations: OrganizationRow[], signIn: SignIn): OrganizationRow[] {
  return signIn.via === 'saml'
    ? organizations.filter((organization) => organization.context === signIn.context)
    : organizations.filter((organization) => organization.sso_mode !== 'SAML_ONLY');
}

/** A user whose every organisation signs in through SAML only has no use for a password. */
export function isSamlOnly(organizations: OrganizationRow[]): boolean {
  return organizations.length > 0 && reachableOrganizations(organizations, { via: 'password' }).length === 0;
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
