/**
 * The OpenID Provider's clients, made by the admin command (`create-client`, `list-clients`,
 * `delete-client`): a public client (PKCE alone) or a confidential one, whose secret is shown once
 * and kept as its SHA-256 (256 random bits need no slow hash). Every client uses the code flow with
 * PKCE S256 and exact redirect URIs (server/oidc/provider.ts).
 */
import { sha256Hex } from '../auth/sha256';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/database-types';
import { findOidcClient, insertOidcClient, type OidcClientRow } from '../db/oidc';

/** The device authorization grant (RFC 8628 section 3.4). */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export const CLIENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface NewClient {
  id: string;
  name: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  confidential: boolean;
  /** Where it hears that a front door session it signed in with has ended (server/auth/backchannel-logout.ts). */
  backchannelLogoutUri?: string | undefined;
  /** A service (client credentials, server/oidc/services.ts): the one audience its access tokens are for. */
  serviceAudience?: string | undefined;
  /** A device's client: it signs in with the device grant (server/oidc/devices.ts). */
  device?: boolean;
}

/** Stores the client; answers its secret when it is confidential, or undefined when the id is taken. */
export async function createClient(db: Queryable, client: NewClient): Promise<{ created: boolean; secret?: string }> {
  const secret = client.confidential ? randomBytes(32).toString('base64url') : undefined;
  const created = await insertOidcClient(db, {
    id: client.id,
    name: client.name,
    secret_hash: secret === undefined ? null : sha256Hex(secret),
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris,
    backchannel_logout_uri: client.backchannelLogoutUri ?? null,
    service_audience: client.serviceAudience ?? null,
    device: client.device === true,
  });
  return created ? { created, ...(secret === undefined ? {} : { secret }) } : { created };
}

/**
 * The engine's metadata of a stored client. A confidential client's `client_secret` is the hash:
 * the engine only compares it, through compareClientSecret (server/oidc/provider.ts), and no
 * feature that would use the secret as a key (HS256, symmetric encryption) is enabled.
 */
export function clientMetadata(row: OidcClientRow): AdapterPayload {
  // A service signs in as itself, with its secret: no browser, no redirect, no person.
  if (row.service_audience !== null)
    return {
      client_id: row.id,
      client_name: row.name,
      redirect_uris: [],
      response_types: [],
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret: row.secret_hash ?? '',
    };
  // A device signs its person in on another screen: no redirect of its own.
  const device = row.device ? [DEVICE_CODE_GRANT] : [];
  const redirects = row.redirect_uris.length > 0;
  return {
    client_id: row.id,
    client_name: row.name,
    redirect_uris: row.redirect_uris,
    post_logout_redirect_uris: row.post_logout_redirect_uris,
    response_types: redirects ? ['code'] : [],
    grant_types: [...(redirects ? ['authorization_code'] : []), ...device, 'refresh_token'],
    ...(row.secret_hash === null
      ? { token_endpoint_auth_method: 'none' }
      : { token_endpoint_auth_method: 'client_secret_basic', client_secret: row.secret_hash }),
  };
}

export async function findClientMetadata(db: Queryable, id: string): Promise<AdapterPayload | undefined> {
  if (!CLIENT_ID_PATTERN.test(id)) return undefined;
  const row = await findOidcClient(db, id);
  return row && clientMetadata(row);
}

/** Does a secret a client presents match the stored hash? In constant time. */
export function secretMatches(storedHash: string, presented: string): boolean {
  const a = Buffer.from(sha256Hex(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
