/**
 * Session, MFA-setup, invitation and reset tokens (flows 3): ES256 JWTs with exp, aud, contexts, sub
 * and userId, email, iss, and `purpose`; the sign-in tokens also carry `amr`, how the user proved
 * who they are (RFC 8176: pwd, otp, hwk, swk, user; and saml), `auth_time`, when the user last proved
 * it, and `sid`, the session of their sign-in (server/auth/sessions.ts), which its person may sign out.
 *
 * Each kind is typed (RFC 8725 section 3.11): its own `typ` header, and every kind but the session
 * an audience of its own, `{TOKEN_AUDIENCE}/{kind}` (TOKEN_KINDS below). So a platform app that
 * verifies only signature, issuer, audience and expiry, as JWT libraries do by default, refuses
 * every token that is not a session. Verification pins the algorithm and key and checks exp, iss,
 * and the `typ`, `aud` and purpose of the kind expected. Logout and single use are recorded in the
 * database, so every instance refuses the same tokens.
 */
import { randomUUID } from 'node:crypto';
import { sha256Hex } from './sha256';
import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Database, Queryable } from '../db/database-types';
import type { UserRow } from '../db/users';
import { insertOneTimeToken, isOneTimeTokenUnspent, revokeToken, sessionUser, spendOneTimeToken } from '../db/tokens';
import { renewSession, touchSession } from '../db/sessions';
import { ACTIVITY_EVERY_SECONDS, SESSION_ID, startSession, type Client } from './sessions';
import { AuthError } from './errors';
import { es256Signer } from './jws';
import type { SigningKey } from './signing-key';

/**
 * What a token may do: `session` is a full session; `mfa-setup` is what a password sign-in answers
 * to a user who must set up TOTP before entering (policy REQUIRED): it only sets up MFA and logs
 * out; `invitation` and `reset` only set a password, once.
 */
export type TokenPurpose = 'session' | 'mfa-setup' | 'invitation' | 'reset';

/**
 * The `typ` header and audience suffix of each kind: a session's `aud` is TOKEN_AUDIENCE itself,
 * the other kinds' is TOKEN_AUDIENCE, a slash and the suffix (a slash, which no context holds, so
 * no such audience is ever a context or a session audience).
 */
export const TOKEN_KINDS: Record<TokenPurpose, { typ: string; audienceSuffix: string }> = {
  session: { typ: 'session+jwt', audienceSuffix: '' },
  'mfa-setup': { typ: 'mfa-setup+jwt', audienceSuffix: '/mfa-setup' },
  invitation: { typ: 'invitation+jwt', audienceSuffix: '/invitation' },
  reset: { typ: 'reset+jwt', audienceSuffix: '/reset' },
};

const PURPOSE_OF_TYP = new Map(Object.entries(TOKEN_KINDS).map(([purpose, kind]) => [kind.typ, purpose as TokenPurpose]));

/** The purposes a sign-in answers; the others come from e-mail links. */
export type SignInPurpose = Extract<TokenPurpose, 'session' | 'mfa-setup'>;

/**
 * Authentication methods (RFC 8176): a password, a TOTP code, an organisation's SAML identity
 * provider; a passkey is `hwk` (a key bound to one device) or `swk` (a synced key) with `user` (the
 * authenticator verified its user), both factors at once (docs/decisions/0012-passkeys.md). `rec`,
 * beside `pwd` and `otp`, says the one-time code was a recovery code (flows 4.5): such a fresh session
 * may set up a new authenticator without a code of the lost one (flows 4.6).
 */
/** `saml` and `oidc`: an organisation's identity provider vouched for the person, with whatever factors it asked for. */
export type AuthMethod = 'pwd' | 'otp' | 'rec' | 'saml' | 'oidc' | 'hwk' | 'swk' | 'user';

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
  /** When the user last proved who they are (seconds since the epoch); sign-in tokens only. */
  auth_time?: number;
  /** The session of the sign-in (server/auth/sessions.ts); sign-in tokens only. */
  sid?: string;
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
  /**
   * When the user proved who they are, for a token reissued without a new proof (the MFA setup's
   * session keeps its password's time); now when not given.
   */
  authTime?: number;
  /**
   * A sign-in starts a session on the client it came from; a token reissued for the same sign-in
   * (a password change, the MFA setup's confirmation) goes on with the session of the token it
   * replaces, if that token had one.
   */
  session: { client: Client } | { continues: string | undefined };
}

/** A verified sign-in token and its user as stored now. */
export interface VerifiedSession {
  claims: TokenClaims;
  user: UserRow;
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

export function createTokenService({ db, key, issuer, audience, sessionTtlSeconds }: TokenOptions) {
  const audienceOf = (purpose: TokenPurpose) => `${audience}${TOKEN_KINDS[purpose].audienceSuffix}`;

  const signed = es256Signer(key.privateKey);

  function sign(
    claims: {
      userId: string;
      email: string;
      contexts: string[];
      purpose: TokenPurpose;
      generation?: number;
      amr?: AuthMethod[];
      authTime?: number;
      sid?: string | undefined;
    },
    ttlSeconds: number,
  ) {
    const jti = randomUUID();
    const { userId, email, contexts, purpose, generation, amr, authTime, sid } = claims;
    const now = Math.floor(Date.now() / 1000);
    const token = signed(
      { alg: 'ES256', kid: key.kid, typ: TOKEN_KINDS[purpose].typ },
      {
        userId,
        email,
        contexts,
        purpose,
        ...(generation === undefined ? {} : { generation }),
        ...(amr === undefined ? {} : { amr, auth_time: authTime ?? now }),
        ...(sid === undefined ? {} : { sid }),
        sub: userId,
        aud: audienceOf(purpose),
        iss: issuer,
        iat: now,
        exp: now + ttlSeconds,
        jti,
      },
    );
    return { token, jti };
  }

  /** The kind a token's `typ` header names, when it names one. */
  function purposeOf(token: string): TokenPurpose | undefined {
    try {
      const { typ } = decodeProtectedHeader(token);
      return typeof typ === 'string' ? PURPOSE_OF_TYP.get(typ) : undefined;
    } catch {
      return undefined;
    }
  }

  async function verify(token: string, purposes: readonly TokenPurpose[]): Promise<TokenClaims> {
    const purpose = purposeOf(token);
    if (purpose === undefined) throw new AuthError('invalid_token', 'The token is not valid.');
    if (!purposes.includes(purpose)) {
      if (purpose === 'mfa-setup') throw new AuthError('mfa_setup_required', 'This token only sets up MFA: confirm a code first.');
      throw new AuthError('invalid_token', 'The token is not valid here.');
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key.publicKey, { algorithms: ['ES256'], typ: TOKEN_KINDS[purpose].typ, audience: audienceOf(purpose), issuer }));
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
      (claims.amr !== undefined && !Array.isArray(claims.amr)) ||
      (claims.auth_time !== undefined && typeof claims.auth_time !== 'number') ||
      (claims.sid !== undefined && (typeof claims.sid !== 'string' || !SESSION_ID.test(claims.sid))) ||
      claims.purpose !== purpose
    ) {
      throw new AuthError('invalid_token', 'The token is not valid here.');
    }
    return claims as TokenClaims;
  }

  /**
   * Verifies a bearer token as a sign-in token of one of the purposes (a full session unless said
   * otherwise) that was not revoked by logout, whose session was not signed out, and that belongs to
   * the user's current session generation (no password change since); answers its claims and user.
   * The session's last activity is written when it is older than ACTIVITY_EVERY_SECONDS.
   */
  async function verifySessionUser(token: string, purposes: readonly SignInPurpose[] = ['session']): Promise<VerifiedSession> {
    const claims = await verify(token, purposes);
    const state = await sessionUser(db, claims.jti, claims.sub, claims.sid);
    const sessionEnded = claims.sid !== undefined && !state?.session?.live;
    if (!state || state.revoked || sessionEnded || state.user.session_generation !== (claims.generation ?? -1)) {
      throw new AuthError('invalid_token', 'The session has ended: sign in again.');
    }
    if (claims.sid !== undefined && state.session && Date.now() - state.session.lastActiveAt.getTime() > ACTIVITY_EVERY_SECONDS * 1000) {
      await touchSession(db, claims.sid, ACTIVITY_EVERY_SECONDS);
    }
    return { claims, user: state.user };
  }

  /** The `sid` of a sign-in token: a new session on its client, or the one it goes on with. */
  async function sessionOf(grant: SignInGrant): Promise<string | undefined> {
    const { userId, generation } = grant;
    if ('client' in grant.session) return startSession(db, { userId, generation, ttlSeconds: sessionTtlSeconds, client: grant.session.client });
    const id = grant.session.continues;
    if (id !== undefined) await renewSession(db, { id, userId, generation, ttlSeconds: sessionTtlSeconds });
    return id;
  }

  return {
    /** A sign-in token: a session, or one that only sets up MFA (which reaches no context). */
    async issueSignIn(grant: SignInGrant): Promise<string> {
      const sid = await sessionOf(grant);
      return sign({ ...grant, sid, ...(grant.purpose === 'mfa-setup' ? { contexts: [] } : {}) }, sessionTtlSeconds).token;
    },

    verifySessionUser,

    async verifySession(token: string): Promise<TokenClaims> {
      return (await verifySessionUser(token)).claims;
    },

    /**
     * The session a sign-in token this server signed names (a full session's or an MFA setup's),
     * whether or not it still works: a Logout ends it (server/auth/sign-out.ts).
     */
    async sessionNamedBy(token: string): Promise<string | undefined> {
      try {
        return (await verify(token, ['session', 'mfa-setup'])).sid;
      } catch (error) {
        if (error instanceof AuthError) return undefined;
        throw error;
      }
    },

    /** Refuses a token on every instance from now on (logout; the MFA setup's token once confirmed). */
    async revoke(claims: TokenClaims): Promise<void> {
      await revokeToken(db, claims.jti, claims.exp);
    },

    /** An invitation or reset token: a JWT the page can read (its e-mail), usable once. */
    async issueOneTime(user: { userId: string; email: string }, purpose: 'invitation' | 'reset'): Promise<string> {
      const ttl = purpose === 'reset' ? RESET_TTL_SECONDS : INVITATION_TTL_SECONDS;
      const { token, jti } = sign({ ...user, contexts: [], purpose }, ttl);
      await insertOneTimeToken(db, { id: jti, hash: sha256Hex(token), userId: user.userId, purpose, ttlSeconds: ttl });
      return token;
    },

    /** Is this verified invitation or reset token still usable (not spent, not expired)? */
    async isUnspent(token: string, claims: TokenClaims): Promise<boolean> {
      return isOneTimeTokenUnspent(db, claims.jti, sha256Hex(token));
    },

    /** Marks a verified invitation or reset token used, atomically: of two uses only one gets true. */
    async spend(tx: Queryable, token: string, claims: TokenClaims): Promise<boolean> {
      return spendOneTimeToken(tx, claims.jti, sha256Hex(token));
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
