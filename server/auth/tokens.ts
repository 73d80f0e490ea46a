/**
 * Session, invitation and reset tokens (spec section 3): ES256 JWTs with exp, aud, contexts, sub and
 * userId, email, iss. Verification pins the algorithm and key and checks exp, aud, iss and purpose,
 * so an invitation or reset token is never taken for a session token. Logout and single use are
 * recorded in the database, so every instance refuses the same tokens.
 */
import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Database, Queryable } from '../db/database';
import { HttpError } from '../api/errors';
import type { SigningKey } from './signing-key';

export type TokenPurpose = 'session' | 'invitation' | 'reset';

export interface TokenClaims {
  jti: string;
  sub: string;
  userId: string;
  email: string;
  aud: string;
  iss: string;
  exp: number;
  contexts: string[];
  /** The user's session generation when issued: a password change ends older sessions. */
  generation?: number;
  purpose: TokenPurpose;
}

export interface TokenOptions {
  db: Database;
  key: SigningKey;
  issuer: string;
  audience: string;
  sessionTtlSeconds: number;
}

export const RESET_TTL_SECONDS = 3600;
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function createTokenService({ db, key, issuer, audience, sessionTtlSeconds }: TokenOptions) {
  async function sign(
    claims: { userId: string; email: string; contexts: string[]; purpose: TokenPurpose; generation?: number },
    ttlSeconds: number,
  ) {
    const jti = randomUUID();
    const { userId, email, contexts, purpose, generation } = claims;
    const token = await new SignJWT({ userId, email, contexts, purpose, ...(generation === undefined ? {} : { generation }) })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
      .setSubject(claims.userId)
      .setAudience(audience)
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .setJti(jti)
      .sign(key.privateKey);
    return { token, jti };
  }

  async function verify(token: string, purposes: readonly TokenPurpose[]): Promise<TokenClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key.publicKey, { algorithms: ['ES256'], audience, issuer }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new HttpError(401, 'token_expired', 'The token has expired.');
      throw new HttpError(401, 'invalid_token', 'The token is not valid.');
    }
    const claims = payload as Partial<TokenClaims>;
    if (
      typeof claims.jti !== 'string' ||
      typeof claims.sub !== 'string' ||
      typeof claims.email !== 'string' ||
      !Array.isArray(claims.contexts) ||
      !purposes.includes(claims.purpose as TokenPurpose)
    ) {
      throw new HttpError(401, 'invalid_token', 'The token is not valid here.');
    }
    return claims as TokenClaims;
  }

  return {
    /** A session token for the given contexts, of the user's current session generation. */
    async issueSession(user: { userId: string; email: string; contexts: string[] }): Promise<string> {
      const [row] = await db.query<{ session_generation: number }>('SELECT session_generation FROM users WHERE id = $1', [user.userId]);
      return (await sign({ ...user, purpose: 'session', generation: row?.session_generation ?? 0 }, sessionTtlSeconds)).token;
    },

    /**
     * Verifies a bearer token as a session token that was not revoked by logout and belongs to the
     * user's current session generation (no password change since).
     */
    async verifySession(token: string): Promise<TokenClaims> {
      const claims = await verify(token, ['session']);
      const [row] = await db.query<{ revoked: boolean; session_generation: number }>(
        `SELECT EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $1) AS revoked, session_generation FROM users WHERE id = $2`,
        [claims.jti, claims.sub],
      );
      if (!row || row.revoked || row.session_generation !== (claims.generation ?? -1)) {
        throw new HttpError(401, 'invalid_token', 'The session has ended.');
      }
      return claims;
    },

    /** Ends a session on every instance (logout). */
    async revoke(claims: TokenClaims): Promise<void> {
      await db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING', [
        claims.jti,
        claims.exp,
      ]);
    },

    /** An invitation or reset token: a JWT the page can read (its e-mail), usable once. */
    async issueOneTime(user: { userId: string; email: string }, purpose: 'invitation' | 'reset'): Promise<string> {
      const ttl = purpose === 'reset' ? RESET_TTL_SECONDS : INVITATION_TTL_SECONDS;
      const { token, jti } = await sign({ ...user, contexts: [], purpose }, ttl);
      await db.query(
        `INSERT INTO one_time_tokens (id, token_hash, user_id, purpose, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
        [jti, hash(token), user.userId, purpose, ttl],
      );
      return token;
    },

    /** Is this verified invitation or reset token still usable (not spent, not expired)? */
    async isUnspent(token: string, claims: TokenClaims): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM one_time_tokens WHERE id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now()', [
        claims.jti,
        hash(token),
      ]);
      return rows.length > 0;
    },

    /** Marks a verified invitation or reset token used, atomically: of two uses only one gets true. */
    async spend(tx: Queryable, token: string, claims: TokenClaims): Promise<boolean> {
      const used = await tx.query(
        `UPDATE one_time_tokens SET used_at = now()
         WHERE id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now() RETURNING id`,
        [claims.jti, hash(token)],
      );
      return used.length > 0;
    },

    /** Verifies a bearer token for set-password: a session, invitation or reset token. */
    async verifyForPasswordChange(token: string): Promise<TokenClaims> {
      const claims = await verify(token, ['session', 'invitation', 'reset']);
      return claims.purpose === 'session' ? this.verifySession(token) : claims;
    },

    jwks() {
      return { keys: [key.publicJwk] };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
