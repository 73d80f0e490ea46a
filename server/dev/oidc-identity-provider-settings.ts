/**
 * The development OpenID Provider's settings (server/dev/oidc-identity-provider.ts), apart from its
 * engine: the demo data and the tests read them without loading oidc-provider, which the server
 * loads only with its development pages.
 */
import type { ServerConfig } from '../config';
import { derivedKey } from '../auth/sealed-text';

export const DEV_OIDC_IDP_PATH = '/dev/oidc-idp';
export const DEV_OIDC_CLIENT_ID = 'frontdoor';

/** The development provider's issuer on this front door. */
export const devOidcIssuer = (config: Pick<ServerConfig, 'publicUrl'>) => `${config.publicUrl}${DEV_OIDC_IDP_PATH}`;

/** The front door's secret at the development provider: the same on every instance and every start. */
export const devOidcClientSecret = (totpKey: Buffer) => derivedKey(totpKey, 'development oidc client').toString('base64url');
