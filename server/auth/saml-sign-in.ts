/**
 * The domain's side of SAML single sign-on (flows 4.1 and 4.2): which organisation a login names,
 * the session an identity provider's vouching gives, and the audit of what was refused. The SAML
 * checks themselves live in server/saml.
 */
import type { Services } from '../services';
import type { Queryable } from '../db/database-types';
import { audit } from '../db/audit';
import { findOrganization, findOrganizationByDomain, findOrganizationIgnoringCase, type OrganizationRow } from '../db/organizations';
import { samlOrganization, type SamlOrganization } from '../saml/service-provider';
import { oidcOrganization, type OidcOrganization } from '../oidc-rp/relying-party';
import { signInToken } from './sign-in';
import { AuthError } from './errors';
import { admitThroughIdentityProvider, type SsoRefusal } from './provisioning';

/**
 * The organisation a login URL names: by an e-mail domain it claims
 * (the e-mail-first login of flows 4.1 needs no context) or by its context in any case (the
 * automatic redirect of flows 4.2).
 */
export async function organizationNamed(db: Queryable, domainOrContext: string): Promise<OrganizationRow | undefined> {
  return domainOrContext.includes('.') ? findOrganizationByDomain(db, domainOrContext) : findOrganizationIgnoringCase(db, domainOrContext);
}

/** The organisation of an exact context, when it signs in through SAML. */
export async function samlOrganizationOf(db: Queryable, context: string): Promise<SamlOrganization | undefined> {
  return samlOrganization(await findOrganization(db, context));
}

/** The organisation of an exact context, when it signs in through an OpenID Provider. */
export async function oidcOrganizationOf(db: Queryable, context: string, devPages: boolean): Promise<OidcOrganization | undefined> {
  return oidcOrganization(await findOrganization(db, context), devPages);
}

export interface SamlEvent {
  context: string;
  clientAddress: string;
  /** The browser's User-Agent header: a sign-in's session begins on it (server/auth/sessions.ts). */
  userAgent?: string | undefined;
}

/** A refused response, written to the audit log with the reason only. */
export async function recordSamlRejection(services: Services, { context, clientAddress }: SamlEvent, reason: string): Promise<void> {
  await audit(services.db, clientAddress, 'saml.rejected', { context, detail: { reason } });
}

export type IdentityProviderSignIn =
  | { kind: 'signed-in'; token: string }
  /** `reason` is for the log and the audit only. */
  | { kind: 'refused'; refusal: SsoRefusal; reason: string };

/** The protocol an organisation's identity provider speaks: its sign-ins' `amr`, and their audit's words. */
export type IdentityProviderProtocol = 'saml' | 'oidc';

/**
 * The session of a person the organisation's identity provider vouched for, if they may come in
 * (server/auth/provisioning.ts): it reaches that organisation only.
 */
export async function signInThroughIdentityProvider(
  services: Services,
  organization: OrganizationRow,
  email: string,
  { clientAddress, userAgent }: SamlEvent,
  protocol: IdentityProviderProtocol,
): Promise<IdentityProviderSignIn> {
  const { context } = organization;
  const admission = await admitThroughIdentityProvider(services, organization, email, clientAddress);
  if (admission.kind === 'not-invited') return { kind: 'refused', refusal: 'not-invited', reason: 'the address is not an enabled member of the organisation' };
  const { user } = admission;
  try {
    const { token } = await signInToken(services, user, { via: protocol, context }, [protocol], { address: clientAddress, userAgent });
    await audit(services.db, clientAddress, protocol === 'saml' ? 'saml.login_succeeded' : 'idp.login_succeeded', {
      userId: user.id,
      context,
      ...(protocol === 'saml' ? {} : { detail: { protocol } }),
    });
    return { kind: 'signed-in', token };
  } catch (error) {
    if (!(error instanceof AuthError) || error.failure !== 'account_disabled') throw error;
    return { kind: 'refused', refusal: 'account-disabled', reason: 'the account signs in nowhere' };
  }
}

/** An OpenID Provider's answer refused, written to the audit log with the reason only. */
export async function recordIdentityProviderRejection(
  services: Services,
  { context, clientAddress }: SamlEvent,
  protocol: 'oidc',
  reason: string,
): Promise<void> {
  await audit(services.db, clientAddress, 'idp.rejected', { context, detail: { protocol, reason } });
}

/** A session brought back by a browser it was not handed out to, written to the audit log. */
export async function recordSamlSessionRefused(services: Services, userId: string, clientAddress: string): Promise<void> {
  await audit(services.db, clientAddress, 'saml.session_refused', { userId });
}
