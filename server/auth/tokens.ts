/**
 * Session, invitation and reset tokens (spec section 3): ES256 JWTs with exp, aud, contexts, sub and
 * userId, email, iss. Verification pins the algorithm and key and checks exp, aud, iss and purpose,
 * so an invitation or reset token is never taken for a session token. Logout and single use are
 * recorded in the database, so every instance refuses the same tokens.
 */
import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Database } from '../db/database';
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
  async function sign(claims: { userId: string; email: string; contexts: string[]; purpose: TokenPurpose }, ttlSeconds: number) {
    const jti = randomUUID();
    const token = await new SignJWT({ userId: claims.userId, email: claims.email, contexts: claims.contexts, purpose: claims.purpose })
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
    /** A session token for the user's enabled contexts. */
    async issueSession(user: { userId: string; email: string; contexts: string[] }): Promise<string> {
      return (await sign({ ...user, purpose: 'session' }, sessionTtlSeconds)).token;
    },

    /** Verifies a bearer token as a session token that has not been revoked. */
    async verifySession(token: string): Promise<TokenClaims> {
      const claims = await verify(token, ['session']);
      const revoked = await db.query('SELECT 1 FROM revoked_tokens WHERE jti = $1', [claims.jti]);
      if (revoked.length > 0) throw new HttpError(401, 'invalid_token', 'The session has ended.');
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

    /** Verifies an invitation or reset token and marks it used, atomically: the second use fails. */
    async consumeOneTime(token: string): Promise<TokenClaims> {
      const claims = await verify(token, ['invitation', 'reset']);
      const used = await db.query(
        `UPDATE one_time_tokens SET used_at = now()
         WHERE id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now() RETURNING id`,
        [claims.jti, hash(token)],
      );
      if (used.length === 0) throw new HttpError(401, 'invalid_token', 'This link has already been used or has expired.');
      return claims;
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
