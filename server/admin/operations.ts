/**
 * What operators do to the data (`npm run admin`), also used by the demo data and the tests:
 * create organisations and users, invite, set SSO mode, MFA policy and terms.
 */
import type { Database, Queryable } from '../db/database-types';
import type { Language } from '../../rules/languages';
import {
  domainsClaimedElsewhere,
  findOrganization,
  findOrganizationIgnoringCase,
  insertOrganization,
  replaceOrganizationDomains,
  updateMfaPolicy,
  updateProvisioning,
  updateSaml,
  updateSsoMode,
  updateTerms,
  type NewOrganization,
  type OrganizationRow,
  type SamlSettings,
} from '../db/organizations';
import { findUserByEmail, insertUser, setTotpSecret, type UserRow } from '../db/users';
import type { TotpSecrets } from '../auth/totp-secrets';
import { upsertMembership } from '../db/memberships';
import { hashPassword } from '../auth/passwords';
import { isAllowedEntryPoint } from '../saml/service-provider';

export class AdminError extends Error {}

export async function createOrganization(db: Database, organization: NewOrganization & { domains?: string[] }): Promise<OrganizationRow> {
  // Contexts match case-insensitively (flows 4.7), so two may not differ by case only.
  const existing = await findOrganizationIgnoringCase(db, organization.context);
  if (existing) throw new AdminError(`An organisation with context "${existing.context}" exists.`);
  const { domains, ...row } = organization;
  const created = await insertOrganization(db, row);
  if (domains) await setDomains(db, created.context, domains);
  return created;
}

/** A domain name: dot-separated labels of letters, digits and inner hyphens, at most 253 characters. */
const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** The e-mail domains whose addresses belong to the organisation (the SSO-mode look-up answers by them). */
export async function setDomains(db: Database, context: string, domains: string[]): Promise<void> {
  const organization = await existingOrganization(db, context);
  const invalid = domains.filter((domain) => !DOMAIN_NAME.test(domain));
  if (invalid.length > 0) throw new AdminError(`Not a domain name: ${invalid.join(', ')}.`);
  const claimed = await domainsClaimedElsewhere(db, organization.id, domains);
  if (claimed.length > 0) throw new AdminError(`Another organisation has ${claimed.join(', ')}.`);
  await db.transaction((tx) => replaceOrganizationDomains(tx, organization.id, [...new Set(domains.map((domain) => domain.toLowerCase()))]));
}

export interface NewUser {
  email: string;
  password?: string;
  language?: Language;
  /** A TOTP secret (base32), stored encrypted by `secrets` (the server's, server/services.ts). */
  totp?: { secret: string; secrets: TotpSecrets };
  /** Contexts of the organisations the user joins (enabled memberships). */
  contexts?: string[];
}

export async function createUser(db: Queryable, user: NewUser): Promise<UserRow> {
  if (await findUserByEmail(db, user.email)) throw new AdminError(`A user with e-mail "${user.email}" exists.`);
  const row = await insertUser(db, {
    email: user.email,
    passwordHash: user.password ? await hashPassword(user.password) : null,
    ...(user.language ? { language: user.language } : {}),
  });
  for (const context of user.contexts ?? []) await addMembership(db, row.id, context);
  return user.totp ? setTotpSecret(db, row.id, user.totp.secrets.seal(row.id, user.totp.secret)) : row;
}

/** The organisation of the context, or the one-line refusal every command gives. */
export async function existingOrganization(db: Queryable, context: string): Promise<OrganizationRow> {
  const organization = await findOrganization(db, context);
  if (!organization) throw new AdminError(`No organisation has context "${context}".`);
  return organization;
}

export async function addMembership(db: Queryable, userId: string, context: string, enabled = true): Promise<void> {
  await upsertMembership(db, userId, (await existingOrganization(db, context)).id, enabled);
}

function updated(context: string) {
  return (found: boolean) => {
    if (!found) throw new AdminError(`No organisation has context "${context}".`);
  };
}

export const setSsoMode = (db: Queryable, context: string, mode: OrganizationRow['sso_mode']) => updateSsoMode(db, context, mode).then(updated(context));

export const setMfaPolicy = (db: Queryable, context: string, policy: OrganizationRow['mfa_policy']) =>
  updateMfaPolicy(db, context, policy).then(updated(context));

export const setProvisioning = (db: Queryable, context: string, mode: OrganizationRow['provisioning']) =>
  updateProvisioning(db, context, mode).then(updated(context));

export const setTerms = (db: Queryable, context: string, version: number, content?: Record<string, string>) =>
  updateTerms(db, context, version, content).then(updated(context));

export async function setSaml(db: Queryable, context: string, saml: SamlSettings): Promise<void> {
  if (!isAllowedEntryPoint(saml.entryPoint)) {
    throw new AdminError(
      `The identity provider's entry point must be an https URL (http only for the development identity provider), got "${saml.entryPoint}".`,
    );
  }
  await updateSaml(db, context, saml).then(updated(context));
}
