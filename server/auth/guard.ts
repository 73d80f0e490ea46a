/**
 * Who is calling: the session token in the Authorization header (spec section 7: authenticated
 * calls send a bearer token), and which contexts it reaches (spec section 6).
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../api/errors';
import type { TokenClaims, TokenService } from './tokens';
import type { Queryable } from '../db/database';
import { isMember } from './accounts';

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  // Any non-blank credentials go on to verification, which names what is wrong with them.
  const match = /^Bearer (\S+)$/.exec(header);
  if (!match) throw new HttpError(401, 'unauthorized', 'A bearer token is required.');
  return match[1]!;
}

export function authenticate(tokens: TokenService, request: FastifyRequest): Promise<TokenClaims> {
  return tokens.verifySession(bearerToken(request));
}

/**
 * A user reaches only the contexts in the token (spec section 6), and only while the membership and
 * the organisation are still enabled: taking access away takes effect at once.
 */
export async function requireContext(db: Queryable, claims: TokenClaims, context: string): Promise<void> {
  if (!claims.contexts.includes(context) || !(await isMember(db, claims.sub, context))) {
    throw new HttpError(403, 'forbidden', 'This session does not reach that organisation.');
  }
}
