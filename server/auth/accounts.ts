/**
 * Which organisations a sign-in reaches (flows 4.1 and 6): a password reaches no organisation that
 * signs in through SAML only, nor does a passkey; a SAML sign-in reaches the organisation whose identity provider vouched.
 */
import type { OrganizationRow } from '../db/organizations';

/** How a session was opened; a passkey reaches what a password reaches (docs/decisions/0012-passkeys.md). */
/** How a sign-in proved who the person is: through an organisation's identity provider (SAML or OpenID Connect), it reaches that organisation only. */
export type SignIn = { via: 'password' } | { via: 'passkey' } | { via: 'saml' | 'oidc'; context: string };

export function reachableOrganizations(organizations: OrganizationRow[], signIn: SignIn): OrganizationRow[] {
  return signIn.via === 'saml' || signIn.via === 'oidc'
    ? organizations.filter((organization) => organization.context === signIn.context)
    : organizations.filter((organization) => organization.sso_mode !== 'SAML_ONLY');
}

/** A user whose every organisation signs in through SAML only has no use for a password. */
export function isSamlOnly(organizations: OrganizationRow[]): boolean {
  return organizations.length > 0 && reachableOrganizations(organizations, { via: 'password' }).length === 0;
}
