/**
 * Refresh tokens (flows 4.18): an app that asks for `offline_access`, with `prompt=consent`
 * (OpenID Connect Core section 11), gets one with its code. It rotates at every use; one used twice
 * revokes its whole chain, the newest included (the engine), and is written to the audit log here.
 * Each stands for the front door session of the sign-in it came from: it outlives a Logout of that
 * browser, up to REFRESH_TOKEN_TTL_SECONDS from its first issue, and no other end of that session
 * (the sessions page, "Sign out everywhere", "This wasn't me", a new password, a reset of the second
 * factor). An access token it yields stands on the same session.
 */
import type { AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/database-types';
import { audit } from '../db/audit';
import { findOidcSignIn, refreshTokenSession, sessionHoldsRefreshTokens, tokenSession } from '../db/oidc';
import type { Middleware } from './middleware';

/** What these rules read of a token the engine hands over. */
export interface IssuedToken {
  kind?: string;
  jti?: string;
  gty?: string;
}

const MINTED_BY_REFRESH = (gty: unknown) => typeof gty === 'string' && gty.split(' ').includes('refresh_token');

/** Does a token stand on a refresh token: the refresh token itself, or an access token it yielded? */
export function standsOnRefreshToken(token: IssuedToken): boolean {
  return token.kind === 'RefreshToken' || (token.kind === 'AccessToken' && MINTED_BY_REFRESH(token.gty));
}

/**
 * The front door session a token the engine stores stands for, where it stands on a refresh token:
 * a new chain's is the sign-in's its provider session stood for when it began (`iiat`); a rotated
 * one's and an access token's is their chain's.
 */
export async function frontDoorSessionOf(db: Queryable, model: string, payload: AdapterPayload): Promise<string | undefined> {
  const grantId = typeof payload.grantId === 'string' ? payload.grantId : undefined;
  if (grantId === undefined) return undefined;
  if (model === 'AccessToken') return MINTED_BY_REFRESH(payload.gty) ? refreshTokenSession(db, grantId) : undefined;
  if (model !== 'RefreshToken') return undefined;
  const began = typeof payload.iiat === 'number' ? payload.iiat : payload.iat;
  const chain = await refreshTokenSession(db, grantId, began);
  if (chain !== undefined || typeof payload.sessionUid !== 'string') return chain;
  return (await findOidcSignIn(db, payload.sessionUid, began))?.session_id;
}

/** Does a token that stands on a refresh token still hold? */
export async function refreshTokenHolds(db: Queryable, token: IssuedToken, userId: string): Promise<boolean> {
  if (token.kind === undefined || token.jti === undefined) return false;
  const session = await tokenSession(db, token.kind, token.jti);
  return session !== undefined && (await sessionHoldsRefreshTokens(db, session, userId));
}

/**
 * A refresh token used again after its rotation: the engine refuses it and revokes what its grant
 * issued. It read the token and its person, and rotated nothing: the audit log says who and which app.
 */
export function auditRefreshTokenReuse(db: Queryable): Middleware {
  return async (ctx, next) => {
    await next();
    const oidc = (
      ctx as {
        oidc?: {
          route?: string;
          params?: { grant_type?: unknown };
          entities?: { RefreshToken?: { accountId?: string; clientId?: string }; Account?: unknown; RotatedRefreshToken?: unknown };
        };
      }
    ).oidc;
    if (oidc?.route !== 'token' || oidc.params?.grant_type !== 'refresh_token' || ctx.status !== 400) return;
    const { RefreshToken: used, Account: account, RotatedRefreshToken: rotated } = oidc.entities ?? {};
    if (!used || !account || rotated) return;
    await audit(db, ctx.ip, 'oidc.refresh_token_reused', { userId: used.accountId, detail: { client: String(used.clientId) } });
  };
}
