/**
 * What each of the OpenID Provider's sessions stands for in the front door: the front door session
 * (its `sid`, server/auth/sessions.ts) and the organisation chosen at its sign-in, the ID token's
 * `org`. Written when the front door finishes an interaction, read when an app signs in again
 * without one: a session signed out in the front door (Logout, the sessions page, a new password)
 * signs out of every app's next sign-in too (server/oidc/provider.ts). Each app's grant keeps the
 * organisation of its own last sign-in.
 */
import type { Queryable } from '../db/database-types';
import { findOidcGrantOrg, findOidcSignIn, setOidcGrantOrg, upsertOidcSignIn, type OidcSignInRow } from '../db/oidc';
import { isMember } from '../db/memberships';

/** The methods of a second factor (RFC 8176): a code, a passkey, or an identity provider that answers for it. */
export const SECOND_FACTORS: readonly string[] = ['otp', 'hwk', 'swk', 'saml'];

/** The front door session the provider session stands for now, or stood for when a code or token was issued (`atSeconds`). */
export function frontDoorSignIn(db: Queryable, providerSession: string, atSeconds?: number): Promise<OidcSignInRow | undefined> {
  return findOidcSignIn(db, providerSession, atSeconds);
}

export function linkSignIn(
  db: Queryable,
  signIn: { providerSession: string; sessionId: string; userId: string; org: string; ttlSeconds: number },
): Promise<void> {
  return upsertOidcSignIn(db, signIn);
}

/** The organisation of an app's grant: the one its last sign-in chose. */
export function grantOrganization(db: Queryable, grantId: string): Promise<string | undefined> {
  return findOidcGrantOrg(db, grantId);
}

export function setGrantOrganization(db: Queryable, grant: { grantId: string; org: string; ttlSeconds: number }): Promise<void> {
  return setOidcGrantOrg(db, grant);
}

/** Is the person still in the organisation ('' is none: nothing to be in)? Taking access away counts at once. */
export async function stillMember(db: Queryable, userId: string, org: string): Promise<boolean> {
  return org === '' || isMember(db, userId, org);
}
