/**
 * What each of the OpenID Provider's sessions stands for in the front door: the front door session
 * (its `sid`, server/auth/sessions.ts) and the organisation chosen at its sign-in, the ID token's
 * `org`. Written when the front door finishes an interaction, read when an app signs in again
 * without one: a session signed out in the front door (Logout, the sessions page, a new password)
 * signs out of every app's next sign-in too (server/oidc/provider.ts).
 */
import type { Queryable } from '../db/database-types';
import { findOidcSignIn, upsertOidcSignIn, type OidcSignInRow } from '../db/oidc';

/** The methods of a second factor (RFC 8176): a code, a passkey, or an identity provider that answers for it. */
export const SECOND_FACTORS: readonly string[] = ['otp', 'hwk', 'swk', 'saml'];

export function frontDoorSignIn(db: Queryable, providerSession: string): Promise<OidcSignInRow | undefined> {
  return findOidcSignIn(db, providerSession);
}

export function linkSignIn(
  db: Queryable,
  signIn: { providerSession: string; sessionId: string; userId: string; org: string; ttlSeconds: number },
): Promise<void> {
  return upsertOidcSignIn(db, signIn);
}
