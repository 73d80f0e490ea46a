/**
 * Which contexts a session reaches (flows 6): those in the token, and only while the membership and
 * the organisation are still enabled, so taking access away takes effect at once.
 */
import type { Queryable } from '../db/database-types';
import { isMember } from '../db/memberships';
import { AuthError } from './errors';
import type { TokenClaims } from './tokens';

export async function requireContext(db: Queryable, claims: TokenClaims, context: string): Promise<void> {
  if (!claims.contexts.includes(context) || !(await isMember(db, claims.sub, context))) {
    throw new AuthError('forbidden', 'This session does not reach that organisation.');
  }
}
