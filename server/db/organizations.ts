/**
 * The organisations table (flows 3 and 6): contexts, SSO mode and SAML settings, MFA policy, terms.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from './database-types';
import type { Language } from '../../rules/languages';

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
  /** Written only as one of the supported languages (flows 3). */
  default_language: Language;
  open_registration: boolean;
  /** Whether a sign-in through the organisation's identity provider may create the account and membership (docs/federation.md). */
  provisioning: 'INVITED' | 'JUST_IN_TIME';
  /** The organisation's OpenID Provider, when it signs in through one (server/oidc-rp/relying-party.ts); the secret sealed. */
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  oidc_client_secret: string | null;
}

export interface NewOrganization {
  context: string;
  name: string;
  logo?: string;
  enabled?: boolean;
  ssoMode?: OrganizationRow['sso_mode'];
  mfaPolicy?: OrganizationRow['mfa_policy'];
  termsVersion?: number;
  termsContent?: Record<string, string>;
  defaultLanguage?: Language;
  openRegistration?: boolean;
  saml?: SamlSettings;
}

export interface SamlSettings {
  entryPoint: string;
  issuer: string;
  certificate: string;
}

export async function findOrganization(db: Queryable, context: string): Promise<OrganizationRow | undefined> {
  const rows = await db.query<OrganizationRow>('SELECT * FROM organizations WHERE context = $1', [context]);
  return rows[0];
}

/** The organisation of a context in any case (flows 4.7: contexts match case-insensitively); the exact one first. */
export async function findOrganizationIgnoringCase(db: Queryable, context: string): Promise<OrganizationRow | undefined> {
  const rows = await db.query<OrganizationRow>('SELECT * FROM organizations WHERE lower(context) = lower($1) ORDER BY context = $1 DESC, context LIMIT 1', [
    context,
  ]);
  return rows[0];
}

/** The organisation that claims an e-mail domain. */
export async function findOrganizationByDomain(db: Queryable, domain: string): Promise<OrganizationRow | undefined> {
  const rows = await db.query<OrganizationRow>(
    'SELECT o.* FROM organizations o JOIN organization_domains d ON d.organization_id = o.id WHERE d.domain = lower($1)',
    [domain],
  );
  return rows[0];
}

/** The domains of each given one that another organisation claims. */
export async function domainsClaimedElsewhere(db: Queryable, organizationId: string, domains: string[]): Promise<string[]> {
  const rows = await db.query<{ domain: string }>(
    'SELECT domain FROM organization_domains WHERE domain = ANY($1::text[]) AND organization_id <> $2 ORDER BY domain',
    [domains.map((domain) => domain.toLowerCase()), organizationId],
  );
  return rows.map((row) => row.domain);
}

/** Makes `domains` the organisation's whole list. */
export async function replaceOrganizationDomains(db: Queryable, organizationId: string, domains: string[]): Promise<void> {
  await db.query('DELETE FROM organization_domains WHERE organization_id = $1', [organizationId]);
  for (const domain of domains) {
    await db.query('INSERT INTO organization_domains (domain, organization_id) VALUES (lower($1), $2)', [domain, organizationId]);
  }
}

export async function hasOrganizations(db: Queryable): Promise<boolean> {
  return (await db.query('SELECT 1 FROM organizations LIMIT 1')).length > 0;
}

export async function insertOrganization(db: Queryable, organization: NewOrganization): Promise<OrganizationRow> {
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

/** Sets columns of one organisation; false when no organisation has the context. */
async function update(db: Queryable, context: string, assignments: string, values: unknown[]): Promise<boolean> {
  const rows = await db.query(`UPDATE organizations SET ${assignments} WHERE context = $1 RETURNING id`, [context, ...values]);
  return rows.length > 0;
}

export const updateSsoMode = (db: Queryable, context: string, mode: OrganizationRow['sso_mode']) => update(db, context, 'sso_mode = $2', [mode]);

export const updateMfaPolicy = (db: Queryable, context: string, policy: OrganizationRow['mfa_policy']) => update(db, context, 'mfa_policy = $2', [policy]);

/** The organisation's OpenID Provider; its SAML settings are cleared, so one protocol signs it in. */
export const updateOidc = (db: Queryable, context: string, oidc: { issuer: string; clientId: string; sealedSecret: string }) =>
  update(db, context, 'oidc_issuer = $2, oidc_client_id = $3, oidc_client_secret = $4, saml_entry_point = NULL, saml_idp_issuer = NULL, saml_idp_cert = NULL', [
    oidc.issuer,
    oidc.clientId,
    oidc.sealedSecret,
  ]);

export const updateProvisioning = (db: Queryable, context: string, mode: OrganizationRow['provisioning']) => update(db, context, 'provisioning = $2', [mode]);

export const updateTerms = (db: Queryable, context: string, version: number, content?: Record<string, string>) =>
  content
    ? update(db, context, 'terms_version = $2, terms_content = $3', [version, JSON.stringify(content)])
    : update(db, context, 'terms_version = $2', [version]);

/** The organisation's SAML identity provider; its OpenID Provider's settings are cleared, so one protocol signs it in. */
export const updateSaml = (db: Queryable, context: string, saml: SamlSettings) =>
  update(db, context, 'saml_entry_point = $2, saml_idp_issuer = $3, saml_idp_cert = $4, oidc_issuer = NULL, oidc_client_id = NULL, oidc_client_secret = NULL', [
    saml.entryPoint,
    saml.issuer,
    saml.certificate,
  ]);
