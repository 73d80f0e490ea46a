/**
 * Logout (flows 2): the session token is refused on every instance from now on, and its session
 * (server/auth/sessions.ts) leaves the person's list.
 */
import type { Services } from '../services';
import { audit } from '../db/audit';
import type { TokenClaims } from './tokens';
import { endSession } from '../db/sessions';

export async function signOut(services: Services, claims: TokenClaims, clientAddress: string): Promise<void> {
  await services.tokens.revoke(claims);
  if (claims.sid !== undefined) await endSession(services.db, claims.sub, claims.sid);
  await audit(services.db, clientAddress, 'logout', { userId: claims.sub });
}
