/**
 * Demo data, written on the first start of the embedded database (README, "Demo data"): one
 * organisation per way of signing in, the reserved contexts, and users with known passwords.
 */
import type { Database } from './db/database-types';
import { addMembership, createOrganization, createUser, setProvisioning } from './admin/operations';
import { hasOrganizations, updateOidc } from './db/organizations';

export const DEMO_PASSWORD = 'Frontdoor-Demo-1';

export interface DemoIdentityProvider {
  entryPoint: string;
  issuer: string;
  certificate: string;
}

/** The development OpenID Provider as `initech` signs in through it, its client secret sealed for that organisation. */
export interface DemoOpenIdProvider {
  issuer: string;
  clientId: string;
  sealSecret(organizationId: string): string;
}

const terms = (name: string) => ({
  en: `https://example.com/${name}/terms-en.pdf||https://example.com/${name}/privacy-en.pdf`,
  de: `https://example.com/${name}/terms-de.pdf||https://example.com/${name}/privacy-de.pdf`,
});

/** Seeds an empty database; does nothing when any organisation exists. */
export async function seedDemoData(db: Database, options: { publicUrl: string; idp: DemoIdentityProvider; oidc: DemoOpenIdProvider }): Promise<boolean> {
  if (await hasOrganizations(db)) return false;

  await createOrganization(db, { context: 'serviceProvider', name: 'Marketplace' });
  await createOrganization(db, { context: 'meta', name: 'Meta' });
  await createOrganization(db, {
    context: 'acme',
    name: 'Acme Corporation',
    mfaPolicy: 'OPTIONAL',
    termsVersion: 1,
    termsContent: terms('acme'),
    openRegistration: true,
  });
  await createOrganization(db, { context: 'vault', name: 'Vault Bank', mfaPolicy: 'REQUIRED', termsVersion: 1, termsContent: terms('vault') });
  await createOrganization(db, {
    context: 'globex',
    name: 'Globex (single sign-on)',
    ssoMode: 'SAML_ONLY',
    domains: ['globex.example'],
    saml: { entryPoint: new URL(options.idp.entryPoint, options.publicUrl).toString(), issuer: options.idp.issuer, certificate: options.idp.certificate },
  });

  const initech = await createOrganization(db, {
    context: 'initech',
    name: 'Initech (OpenID Connect)',
    ssoMode: 'SAML_ONLY',
    domains: ['initech.example'],
  });
  await updateOidc(db, initech.context, { issuer: options.oidc.issuer, clientId: options.oidc.clientId, sealedSecret: options.oidc.sealSecret(initech.id) });
  await setProvisioning(db, initech.context, 'JUST_IN_TIME');

  const ada = await createUser(db, { email: 'ada@example.com', password: DEMO_PASSWORD, contexts: ['serviceProvider', 'meta', 'acme', 'vault'] });
  await createUser(db, { email: 'bob@example.com', password: DEMO_PASSWORD, contexts: ['acme'] });
  await createUser(db, { email: 'vera@example.com', password: DEMO_PASSWORD, contexts: ['vault'] });
  await createUser(db, { email: 'sam@globex.example', contexts: ['globex'] });
  await addMembership(db, ada.id, 'globex', false);
  return true;
}
