/**
 * The front door as the relying party of an organisation's OpenID Provider (docs/federation.md),
 * through openid-client, a certified library: discovery, the authorization code with PKCE S256,
 * `state` and `nonce` bound to the browser that started the sign-in (a sealed, HttpOnly cookie:
 * server/oidc-rp/state-cookie.ts), and the ID token verified, its signature against `jwks_uri` too
 * (`enableNonRepudiationChecks`), with `iss`, `aud`, `exp` and `nonce`. The address it vouches for is
 * taken only when `email_verified` is true; whether the person comes in is the domain's to decide
 * (server/auth/provisioning.ts).
 */
import * as client from 'openid-client';
import type { ServerConfig } from '../config';
import type { OrganizationRow } from '../db/organizations';
import { isLoopback } from '../../rules/loopback';
import { isEmail } from '../../rules/email';
import { localhostFetch } from '../web/localhost-fetch';

/** An organisation that signs in through an OpenID Provider, its settings all there. */
export type OidcOrganization = OrganizationRow & { oidc_issuer: string; oidc_client_id: string; oidc_client_secret: string };

/** What a sign-in remembers between the authorization request and its answer, in the browser's cookie. */
export interface PendingAuthorization {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The query of the front door page to come back to (server/saml/return-to.ts). */
  returnTo: string;
}

export type Vouched = { kind: 'vouched'; email: string } | { kind: 'rejected'; reason: string };

/**
 * An issuer browsers and the server may be sent to: https; plain http only on a loopback name while
 * the development pages are on (the development OpenID Provider, server/dev/oidc-identity-provider.ts).
 */
export function isAllowedIssuer(issuer: string, devPages: boolean): boolean {
  if (!URL.canParse(issuer)) return false;
  const url = new URL(issuer);
  if (url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || (devPages && url.protocol === 'http:' && isLoopback(url.hostname));
}

/** The identity provider of an organisation that signs in through one, when it is an OpenID Provider. */
export function oidcOrganization(organization: OrganizationRow | undefined, devPages: boolean): OidcOrganization | undefined {
  if (!organization?.enabled || (organization.sso_mode !== 'LOGIN_SAML' && organization.sso_mode !== 'SAML_ONLY')) return undefined;
  const { oidc_issuer: issuer, oidc_client_id: clientId, oidc_client_secret: secret } = organization;
  if (!issuer || !clientId || !secret || !isAllowedIssuer(issuer, devPages)) return undefined;
  return { ...organization, oidc_issuer: issuer, oidc_client_id: clientId, oidc_client_secret: secret };
}

/** What an organisation's client secret is sealed for: that organisation's row only (server/auth/sealed-text.ts). */
export const clientSecretBinding = (organizationId: string) => `secret:${organizationId}`;

/** Where the OpenID Provider sends the browser back: to register there (`npm run admin -- set-oidc` prints it). */
export function redirectUri(config: Pick<ServerConfig, 'publicUrl' | 'apiBasePath'>, context: string): string {
  return `${config.publicUrl}${config.apiBasePath}/oidc-idp/${context}/callback`;
}

/** A provider that does not answer within this many seconds fails the sign-in, not the server. */
const PROVIDER_TIMEOUT_SECONDS = 5;
/** Discovery is kept this long per organisation's settings, then read again (keys rotate, endpoints move). */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

const discovered = new Map<string, { at: number; configuration: Promise<client.Configuration> }>();

/** The provider's configuration for these settings, from its discovery document; a failed discovery is not kept. */
export function providerConfiguration(
  organization: Pick<OidcOrganization, 'oidc_issuer' | 'oidc_client_id'>,
  clientSecret: string,
  devPages: boolean,
): Promise<client.Configuration> {
  const key = JSON.stringify([organization.oidc_issuer, organization.oidc_client_id, clientSecret]);
  const kept = discovered.get(key);
  if (kept && Date.now() - kept.at < DISCOVERY_TTL_MS) return kept.configuration;
  // Plain http is the development provider's, on this machine's own names (isAllowedIssuer).
  const plainHttp = devPages && new URL(organization.oidc_issuer).protocol === 'http:';
  const localhost: client.CustomFetch = (url, options) => localhostFetch(url, options as RequestInit);
  const configuration = client
    .discovery(new URL(organization.oidc_issuer), organization.oidc_client_id, undefined, client.ClientSecretBasic(clientSecret), {
      execute: [...(plainHttp ? [client.allowInsecureRequests] : []), client.enableNonRepudiationChecks],
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(plainHttp ? { [client.customFetch]: localhost } : {}),
    } as client.DiscoveryRequestOptions)
    .then((found) => {
      if (plainHttp) found[client.customFetch] = localhost;
      return found;
    });
  discovered.set(key, { at: Date.now(), configuration });
  configuration.catch(() => discovered.delete(key));
  return configuration;
}

/** The authorization request to send the browser to, and what its answer will be checked against. */
export async function authorizationRequest(
  configuration: client.Configuration,
  options: { redirectUri: string; email: string | undefined; returnTo: string },
): Promise<{ url: URL; pending: PendingAuthorization }> {
  const pending = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier(), returnTo: options.returnTo };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: options.redirectUri,
    scope: 'openid email',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
    ...(options.email ? { login_hint: options.email } : {}),
  });
  return { url, pending };
}

/** Why openid-client refused an answer, in words for the log: never a token or a claim's value. */
function reasonOf(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError) return `the identity provider answered ${error.error}`;
  if (error instanceof client.ResponseBodyError) return `the token endpoint answered ${error.error}`;
  if (error instanceof client.WWWAuthenticateChallengeError) return 'the token endpoint refused the client';
  if (error instanceof client.ClientError) return `${error.code ?? 'the answer is not valid'}: ${error.message.split('\n')[0]!.slice(0, 120)}`;
  return 'the identity provider could not be reached';
}

/** The provider's answer to the browser (`callback`, the URL it came back to) checked: the address it vouches for, or why not. */
export async function vouchedAddress(configuration: client.Configuration, callback: URL, pending: PendingAuthorization): Promise<Vouched> {
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    return { kind: 'rejected', reason: reasonOf(error) };
  }
  const email = claims?.email;
  if (typeof email !== 'string' || !isEmail(email)) return { kind: 'rejected', reason: 'the ID token has no e-mail address' };
  if (claims?.email_verified !== true) return { kind: 'rejected', reason: 'the identity provider has not verified the e-mail address' };
  return { kind: 'vouched', email };
}
