/**
 * What a sign-in answers: a token for the organisations it reaches (flows 4.1 and 6). After SAML that
 * is the one organisation whose identity provider vouched for the user; after a password every
 * enabled organisation of the user but those that sign in through SAML only, and so after a passkey,
 * which is both factors at once (docs/decisions/0012-passkeys.md). A password sign-in of a
 * user without TOTP whose organisations require MFA (flows 6: policy REQUIRED) answers a token that
 * only sets up MFA; the setup's confirmation answers the session (server/auth/totp-enrolment.ts).
 */
import type { Queryable } from '../db/database-types';
import { hasLeftEveryOrganization, userOrganizations } from '../db/memberships';
import type { OrganizationRow } from '../db/organizations';
import type { UserRow } from '../db/users';
import { acceptedTermsVersions } from '../db/terms';
import { reachableOrganizations, type SignIn } from './accounts';
import type { AuthMethod, SignInPurpose } from './tokens';
import type { Client } from './sessions';
import type { Services } from '../services';
import { signedInFrom } from './devices';
import { AuthError } from './errors';

export type MfaPolicy = OrganizationRow['mfa_policy'];

/** The strictest MFA policy of the organisations a session reaches (flows 6). */
export function mfaPolicyOf(organizations: OrganizationRow[]): MfaPolicy {
  return organizations.some((organization) => organization.mfa_policy === 'REQUIRED') ? 'REQUIRED' : 'OPTIONAL';
}

/** The contexts a password sign-in of the user reaches now (an MFA-setup token carries none). */
export async function contextsReachedByPassword(db: Queryable, userId: string): Promise<string[]> {
  return reachableOrganizations(await userOrganizations(db, userId), { via: 'password' }).map((organization) => organization.context);
}

export interface SignInAnswer {
  token: string;
  purpose: SignInPurpose;
  contexts: string[];
  policy: MfaPolicy;
  /**
   * The contexts of the session whose current terms the user has accepted: the app goes past
   * company selection and terms for them without asking (flows 4.7, 4.8; contract, LoginResponse).
   */
  termsAccepted: string[];
}

/** The contexts of a session the user has signed in to whose current terms they accepted (contract, LoginResponse). */
export async function sessionTermsAccepted(db: Queryable, userId: string, contexts: readonly string[]): Promise<string[]> {
  const organizations = (await userOrganizations(db, userId)).filter((organization) => contexts.includes(organization.context));
  return currentTermsAccepted(db, userId, organizations);
}

/** The contexts among `organizations` whose current terms version the user accepted. */
async function currentTermsAccepted(db: Queryable, userId: string, organizations: readonly OrganizationRow[]): Promise<string[]> {
  if (organizations.length === 0) return [];
  const accepted = await acceptedTermsVersions(db, userId);
  return organizations.filter((organization) => accepted[organization.context] === organization.terms_version).map((organization) => organization.context);
}

/**
 * Refuses a person an operator disabled, and one whose every membership their organisations ended
 * (docs/federation.md), whatever proved who they are: every sign-in comes through here.
 */
async function refuseIfShutOut(db: Queryable, user: Pick<UserRow, 'id' | 'disabled_at'>, organizations: readonly OrganizationRow[]): Promise<void> {
  if (user.disabled_at !== null || (organizations.length === 0 && (await hasLeftEveryOrganization(db, user.id)))) {
    throw new AuthError('account_disabled', 'This account cannot sign in. Ask your organisation’s administrator if it should.');
  }
}

export async function signInToken(
  services: Pick<Services, 'db' | 'tokens' | 'mail'>,
  user: Pick<UserRow, 'id' | 'email' | 'totp_secret' | 'session_generation' | 'disabled_at'>,
  signIn: SignIn,
  amr: AuthMethod[],
  /** Where the sign-in comes from: its session begins there (server/auth/sessions.ts). */
  client: Client,
  /** The user's organisations, when the caller has just read them. */
  known?: OrganizationRow[],
): Promise<SignInAnswer> {
  const memberOf = known ?? (await userOrganizations(services.db, user.id));
  await refuseIfShutOut(services.db, user, memberOf);
  const organizations = reachableOrganizations(memberOf, signIn);
  const contexts = organizations.map((organization) => organization.context);
  const policy = mfaPolicyOf(organizations);
  // The identity provider answers for the second factor of a SAML sign-in.
  const purpose: SignInPurpose = signIn.via === 'password' && policy === 'REQUIRED' && !user.totp_secret ? 'mfa-setup' : 'session';
  const [token, termsAccepted] = await Promise.all([
    services.tokens.issueSignIn({ userId: user.id, email: user.email, contexts, amr, purpose, generation: user.session_generation, session: { client } }),
    purpose === 'session' ? currentTermsAccepted(services.db, user.id, organizations) : [],
  ]);
  if (client.device !== undefined) await signedInFrom(services, { userId: user.id, device: client.device, userAgent: client.userAgent });
  return { token, purpose, contexts, policy, termsAccepted };
}
