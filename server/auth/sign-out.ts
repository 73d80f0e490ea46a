/**
 * Logout (flows 2): the session token is refused on every instance from now on.
 */
import type { Services } from '../services';
import { audit } from '../db/audit';
import type { TokenClaims } from './tokens';

export async function signOut(services: Services, claims: TokenClaims, clientAddress: string): Promise<void> {
  await services.tokens.revoke(claims);
  await audit(services.db, clientAddress, 'logout', { userId: claims.sub });
}
