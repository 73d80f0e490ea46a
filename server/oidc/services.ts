/**
 * Services that sign in as themselves (client credentials, RFC 6749 section 4.4): a service made
 * by `npm run admin -- create-service --id ID --audience URI` authenticates with its secret and gets
 * an access token for its one audience, a JWT (RFC 9068) the API it calls verifies against the
 * published keys, with no ID token and no refresh token. A person's app is no service: its
 * `client_credentials` request is `unauthorized_client` (RFC 6749 section 5.2).
 */
import type { Configuration } from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { Queryable } from '../db/database-types';
import { findOidcClient } from '../db/oidc';
import { DEVICE_CODE_GRANT } from './clients';
import type { Middleware } from './middleware';
type ResourceIndicators = NonNullable<NonNullable<Configuration['features']>['resourceIndicators']>;

/** How long a service's access token lasts. */
export const SERVICE_TOKEN_SECONDS = 600;

/**
 * The audience of a service's client, or undefined for an app: only a service may use client
 * credentials (server/oidc/clients.ts), so an app's code exchanges and refreshes read no row here.
 */
async function serviceAudience(db: Queryable, client: { clientId: string; grantTypeAllowed(type: string): boolean }): Promise<string | undefined> {
  if (!client.grantTypeAllowed('client_credentials')) return undefined;
  return (await findOidcClient(db, client.clientId))?.service_audience ?? undefined;
}

/**
 * The engine's resource indicators (RFC 8707): a service's tokens are for its audience, asked for
 * by `resource` or not; any other resource, and any resource an app asks for, is `invalid_target`.
 */
export function serviceResources(db: Queryable): ResourceIndicators {
  return {
    enabled: true,
    defaultResource: async (_ctx, client) => serviceAudience(db, client),
    useGrantedResource: () => false,
    getResourceServerInfo: async (_ctx, resource, client) => {
      const audience = await serviceAudience(db, client);
      if (audience === undefined || resource !== audience) throw new errors.InvalidTarget();
      return { scope: '', audience, accessTokenTTL: SERVICE_TOKEN_SECONDS, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'ES256' } } };
    },
  };
}

/**
 * The engine answers a grant a client may not use `invalid_request`, at the token endpoint and at
 * the device authorization endpoint; RFC 6749 section 5.2 and RFC 8628 section 3.2 name it `unauthorized_client`.
 */
export function answerUnauthorizedClient(): Middleware {
  return async (ctx, next) => {
    await next();
    const oidc = (ctx as { oidc?: { route?: string; params?: { grant_type?: unknown }; client?: { grantTypeAllowed(type: string): boolean } } }).oidc;
    // A token request names its grant; a device authorization request is the device grant's.
    const grantType = oidc?.route === 'token' ? oidc.params?.grant_type : oidc?.route === 'device_authorization' ? DEVICE_CODE_GRANT : undefined;
    if (ctx.status !== 400 || typeof grantType !== 'string' || !oidc?.client || oidc.client.grantTypeAllowed(grantType)) return;
    const body = ctx.body as { error?: string } | undefined;
    if (body?.error !== 'invalid_request') return;
    ctx.body = { error: 'unauthorized_client', error_description: 'This client may not use this grant type.' };
  };
}
