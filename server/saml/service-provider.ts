/**
 * Our side of SAML 2.0 web browser SSO for one organisation (flows 4.1, 4.2 and 7; the
 * contract's getSamlLoginUrl and samlAssertionConsumer): a node-saml service provider configured from
 * the organisation's row, with the IdP certificate pinned.
 */
import { SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';
import type { ServerConfig } from '../config';
import type { OrganizationRow } from '../db/organizations';
import { isLoopback } from '../../rules/loopback';

/** How long a login request may wait for its response (InResponseTo), and what the store keeps. */
export const REQUEST_TTL_MS = 10 * 60 * 1000;
/** Clock difference tolerated between the identity provider and us on NotBefore / NotOnOrAfter. */
export const CLOCK_SKEW_MS = 60 * 1000;

const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** An organisation whose members may sign in through SAML, with a complete IdP configuration. */
export type SamlOrganization = OrganizationRow & {
  saml_entry_point: string;
  saml_idp_issuer: string;
  saml_idp_cert: string;
};

/**
 * The path of the development identity provider (server/dev/identity-provider.ts, which answers
 * there): on a loopback host, the one entry point followed over plain http. Defined here, where it
 * is allowed, so that this production code imports nothing of the development pages.
 */
export const DEV_IDP_ENTRY_POINT = '/dev/idp/sso';

/**
 * Whether browsers may be sent to an identity provider's entry point: https only, since the request
 * and the user's sign-in travel through it. The one exception is the development identity provider
 * (DEV_IDP_ENTRY_POINT) on a loopback front door, which speaks plain http there.
 */
export function isAllowedEntryPoint(entryPoint: string): boolean {
  let url: URL;
  try {
    url = new URL(entryPoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopback(url.hostname) && url.pathname === DEV_IDP_ENTRY_POINT && !url.search && !url.hash;
}

/**
 * SAML is allowed for LOGIN_SAML and SAML_ONLY (flows 4.1), and only with an entry point, the IdP's
 * entity id and its certificate: the issuer is checked too, since one IdP certificate may sign for
 * several tenants. An entry point stored before https was required is not followed.
 */
export function samlOrganization(organization: OrganizationRow | undefined): SamlOrganization | undefined {
  if (!organization || !organization.enabled) return undefined;
  if (organization.sso_mode !== 'LOGIN_SAML' && organization.sso_mode !== 'SAML_ONLY') return undefined;
  const { saml_entry_point: entryPoint, saml_idp_issuer: idpIssuer, saml_idp_cert: idpCert } = organization;
  if (!entryPoint || !idpIssuer || !idpCert || !isAllowedEntryPoint(entryPoint)) return undefined;
  return { ...organization, saml_entry_point: entryPoint, saml_idp_issuer: idpIssuer, saml_idp_cert: idpCert };
}

/** Our entity id for this organisation's IdP, also the audience its assertions must name. */
export function spEntityId(config: Pick<ServerConfig, 'publicUrl' | 'apiBasePath'>, context: string): string {
  return `${config.publicUrl}${config.apiBasePath}/saml2/${context}`;
}

/** The assertion consumer service (HTTP-POST binding) the IdP posts its response to. */
export function acsUrl(config: Pick<ServerConfig, 'publicUrl' | 'apiBasePath'>, context: string): string {
  return `${spEntityId(config, context)}/acs`;
}

export interface ServiceProviderOptions {
  /** Where request IDs live between the login URL and the response (shared by every instance). */
  cacheProvider: CacheProvider;
  /** The ID the next AuthnRequest gets; the login route chooses it so RelayState can name it. */
  requestId?: string;
}

export function createServiceProvider(config: ServerConfig, organization: SamlOrganization, options: ServiceProviderOptions): SAML {
  const entityId = spEntityId(config, organization.context);
  const { requestId } = options;
  return new SAML({
    entryPoint: organization.saml_entry_point,
    issuer: entityId,
    audience: entityId,
    callbackUrl: acsUrl(config, organization.context),
    idpCert: organization.saml_idp_cert,
    // node-saml 5 compares idpIssuer on logout messages only; the assertion consumer checks the
    // signed assertion's Issuer itself.
    idpIssuer: organization.saml_idp_issuer,
    identifierFormat: EMAIL_NAME_ID,
    // Asking for one exact authentication class makes IdPs that use MFA or Kerberos refuse the request.
    disableRequestedAuthnContext: true,
    // The assertion must carry its own signature; many IdPs sign the assertion only, not the response.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    // No IdP-initiated logins: every response answers a request we issued (contract, samlAssertionConsumer).
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    cacheProvider: options.cacheProvider,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}
