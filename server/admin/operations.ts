/**
 * What operators do to the data (`npm run admin`), also used by the demo data and the tests:
 * create organisations and users, invite, set SSO mode, MFA policy and terms.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { OrganizationRow, UserRow } from '../auth/accounts';
import { findOrganization, findUserByEmail } from '../auth/accounts';
import { hashPassword } from '../auth/passwords';

export interface NewOrganization {
  context: string;
  name: string;
  logo?: string;
  enabled?: boolean;
  ssoMode?: OrganizationRow['sso_mode'];
  mfaPolicy?: OrganizationRow['mfa_policy'];
  termsVersion?: number;
  termsContent?: Record<string, string>;
  defaultLanguage?: string;
  openRegistration?: boolean;
  saml?: { entryPoint: string; issuer: string; certificate: string };
}

export class AdminError extends Error {}

export async function createOrganization(db: Queryable, organization: NewOrganization): Promise<OrganizationRow> {
  if (await findOrganization(db, organization.context)) throw new AdminError(`An organisation with context "${organization.context}" exists.`);
  const rows = await db.query<OrganizationRow>(
    `INSERT INTO organizations (id, context, name, logo, enabled, sso_mode, mfa_policy, terms_version, terms_content,
       default_language, open_registration, saml_entry_point, saml_idp_issuer, saml_idp_cert)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
    [
      randomUUID(),
      organization.context,
      organization.name,
      organization.logo ?? '',
      organization.enabled ?? true,
      organization.ssoMode ?? 'NOT_SET',
      organization.mfaPolicy ?? 'OPTIONAL',
      organization.termsVersion ?? 0,
      JSON.stringify(organization.termsContent ?? {}),
      organization.defaultLanguage ?? 'en',
      organization.openRegistration ?? false,
      organization.saml?.entryPoint ?? null,
      organization.saml?.issuer ?? null,
      organization.saml?.certificate ?? null,
    ],
  );
  return rows[0]!;
}

export interface NewUser {
  email: string;
  password?: string;
  language?: string;
  totpSecret?: string;
  /** Contexts of the organisations the user joins (enabled memberships). */
  contexts?: string[];
}

export async function createUser(db: Queryable, user: NewUser): Promise<UserRow> {
  if (await findUserByEmail(db, user.email)) throw new AdminError(`A user with e-mail "${user.email}" exists.`);
  const [row] = await db.query<UserRow>(
    'INSERT INTO users (id, email, password_hash, language, totp_secret) VALUES ($1, $2, $3, $4, $5) RETURNING *',
    [randomUUID(), user.email, user.password ? await hashPassword(user.password) : null, user.language ?? 'en', user.totpSecret ?? null],
  );
  for (const context of user.contexts ?? []) await addMembership(db, row!.id, context);
  return row!;
}

export async function addMembership(db: Queryable, userId: string, context: string, enabled = true): Promise<void> {
  const organization = await findOrganization(db, context);
  if (!organization) throw new AdminError(`No organisation has context "${context}".`);
  await db.query(
    `INSERT INTO memberships (user_id, organization_id, enabled) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, organization_id) DO UPDATE SET enabled = EXCLUDED.enabled`,
    [userId, organization.id, enabled],
  );
}

async function updateOrganization(db: Queryable, context: string, sql: string, values: unknown[]): Promise<void> {
  const rows = await db.query(`UPDATE organizations SET ${sql} WHERE context = $1 RETURNING id`, [context, ...values]);
  if (rows.length === 0) throw new AdminError(`No organisation has context "${context}".`);
}

export const setSsoMode = (db: Queryable, context: string, mode: OrganizationRow['sso_mode']) =>
  updateOrganization(db, context, 'sso_mode = $2', [mode]);

export const setMfaPolicy = (db: Queryable, context: string, policy: OrganizationRow['mfa_policy']) =>
  updateOrganization(db, context, 'mfa_policy = $2', [policy]);

export const setTerms = (db: Queryable, context: string, version: number, content?: Record<string, string>) =>
  content
    ? updateOrganization(db, context, 'terms_version = $2, terms_content = $3', [version, JSON.stringify(content)])
    : updateOrganization(db, context, 'terms_version = $2', [version]);

export const setSaml = (db: Queryable, context: string, saml: { entryPoint: string; issuer: string; certificate: string }) =>
  updateOrganization(db, context, 'saml_entry_point = $2, saml_idp_issuer = $3, saml_idp_cert = $4', [saml.entryPoint, saml.issuer, saml.certificate]);
