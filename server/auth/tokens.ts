/**
 * Session, MFA-setup, invitation and reset tokens (spec 3): ES256 JWTs with exp, aud, contexts, sub
 * and userId, email, iss, and `purpose`; the sign-in tokens also carry `amr`, how the user proved
 * who they are (RFC 8176: pwd, otp; and saml). Verification pins the algorithm and key and checks
 * exp, aud, iss and purpose, so an invitation or reset token is never taken for a session token and
 * an MFA-setup token opens nothing but the setup. Logout and single use are recorded in the
 * database, so every instance refuses the same tokens.
 */
import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Database, Queryable } from '../db/database';
import type { UserRow } from '../db/users';
import { insertOneTimeToken, isOneTimeTokenUnspent, revokeToken, sessionUser, spendOneTimeToken } from '../db/tokens';
import { AuthError } from './errors';
import type { SigningKey } from './signing-key';

/**
 * What a token may do: `session` is a full session; `mfa-setup` is what a password sign-in answers
 * to a user who must set up TOTP before entering (policy REQUIRED): it only sets up MFA and logs
 * out; `invitation` and `reset` only set a password, once.
 */
export type TokenPurpose = 'session' | 'mfa-setup' | 'invitation' | 'reset';

/** The purposes a sign-in answers; the others come from e-mail links. */
export type SignInPurpose = Extract<TokenPurpose, 'session' | 'mfa-setup'>;

/** Authentication methods (RFC 8176): a password, a TOTP code, an organisation's SAML identity provider. */
export type AuthMethod = 'pwd' | 'otp' | 'saml';

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
  /** How the user signed in; sign-in tokens only. */
  amr?: AuthMethod[];
}

/** What a sign-in token is issued for. */
export interface SignInGrant {
  userId: string;
  email: string;
  contexts: string[];
  amr: AuthMethod[];
  purpose: SignInPurpose;
  /** The user's session generation as the caller just read or set it. */
  generation: number;
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
    claims: { userId: string; email: string; contexts: string[]; purpose: TokenPurpose; generation?: number; amr?: AuthMethod[] },
    ttlSeconds: number,
  ) {
    const jti = randomUUID();
    const { userId, email, contexts, purpose, generation, amr } = claims;
    const token = await new SignJWT({
      userId,
      email,
      contexts,
      purpose,
      ...(generation === undefined ? {} : { generation }),
      ...(amr === undefined ? {} : { amr }),
    })
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
      if (error instanceof errors.JWTExpired) throw new AuthError('token_expired', 'The token has expired.');
      throw new AuthError('invalid_token', 'The token is not valid.');
    }
    const claims = payload as Partial<TokenClaims>;
    if (
      typeof claims.jti !== 'string' ||
      typeof claims.sub !== 'string' ||
      typeof claims.email !== 'string' ||
      !Array.isArray(claims.contexts) ||
      (claims.amr !== undefined && !Array.isArray(claims.amr))
    ) {
      throw new AuthError('invalid_token', 'The token is not valid here.');
    }
    if (!purposes.includes(claims.purpose as TokenPurpose)) {
      if (claims.purpose === 'mfa-setup') throw new AuthError('mfa_setup_required', 'This token only sets up MFA: confirm a code first.');
      throw new AuthError('invalid_token', 'The token is not valid here.');
    }
    return claims as TokenClaims;
  }

  /**
   * Verifies a bearer token as a sign-in token of one of the purposes (a full session unless said
   * otherwise) that was not revoked by logout and belongs to the user's current session generation
   * (no password change since); answers its claims and user.
   */
  async function verifySessionUser(
    token: string,
    purposes: readonly SignInPurpose[] = ['session'],
  ): Promise<{ claims: TokenClaims; user: UserRow }> {
    const claims = await verify(token, purposes);
    const state = await sessionUser(db, claims.jti, claims.sub);
    if (!state || state.revoked || state.user.session_generation !== (claims.generation ?? -1)) {
      throw new AuthError('invalid_token', 'The session has ended.');
    }
    return { claims, user: state.user };
  }

  return {
    /** A sign-in token: a session, or one that only sets up MFA. */
    async issueSignIn(grant: SignInGrant): Promise<string> {
      return (await sign(grant, sessionTtlSeconds)).token;
    },

    verifySessionUser,

    async verifySession(token: string): Promise<TokenClaims> {
      return (await verifySessionUser(token)).claims;
    },

    /** Ends a session on every instance (logout). */
    async revoke(claims: TokenClaims): Promise<void> {
      await revokeToken(db, claims.jti, claims.exp);
    },

    /** An invitation or reset token: a JWT the page can read (its e-mail), usable once. */
    async issueOneTime(user: { userId: string; email: string }, purpose: 'invitation' | 'reset'): Promise<string> {
      const ttl = purpose === 'reset' ? RESET_TTL_SECONDS : INVITATION_TTL_SECONDS;
      const { token, jti } = await sign({ ...user, contexts: [], purpose }, ttl);
      await insertOneTimeToken(db, { id: jti, hash: hash(token), userId: user.userId, purpose, ttlSeconds: ttl });
      return token;
    },

    /** Is this verified invitation or reset token still usable (not spent, not expired)? */
    async isUnspent(token: string, claims: TokenClaims): Promise<boolean> {
      return isOneTimeTokenUnspent(db, claims.jti, hash(token));
    },

    /** Marks a verified invitation or reset token used, atomically: of two uses only one gets true. */
    async spend(tx: Queryable, token: string, claims: TokenClaims): Promise<boolean> {
      return spendOneTimeToken(tx, claims.jti, hash(token));
    },

    /** Verifies a bearer token for set-password: a session, invitation or reset token. */
    async verifyForPasswordChange(token: string): Promise<TokenClaims> {
      const claims = await verify(token, ['session', 'invitation', 'reset']);
      return claims.purpose === 'session' ? (await verifySessionUser(token)).claims : claims;
    },

    jwks() {
      return { keys: [key.publicJwk] };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
