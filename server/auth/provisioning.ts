/**
 * Who may come in through an organisation's identity provider (docs/federation.md): an enabled member,
 * or, where the organisation provisions just in time, a person with an address in one of its domains,
 * whose account and membership the sign-in creates (never a password: they sign in through the
 * identity provider). A membership the organisation or an operator turned off is never turned back
 * on here: that is the organisation's directory's or the operator's to do.
 */
import type { Services } from '../services';
import type { OrganizationRow } from '../db/organizations';
import { findOrganizationByDomain } from '../db/organizations';
import { accountOf, findUserByEmail, type UserRow } from '../db/users';
import { insertMembershipIfNew, membershipOf } from '../db/memberships';
import { audit } from '../db/audit';

export type Provisioning = OrganizationRow['provisioning'];

export type Admission = { kind: 'member'; user: UserRow } | { kind: 'not-invited' };

/**
 * Why a sign-in through an identity provider ended without a session, as the screen words it (flows 2,
 * /login/sso/success): a person the organisation does not let in, an account that signs in nowhere,
 * or an answer that could not be checked.
 */
export type SsoRefusal = 'not-invited' | 'account-disabled' | 'failed';

/** The domain of an address the identity provider vouched for, in the case domains are kept in. */
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export async function admitThroughIdentityProvider(
  services: Pick<Services, 'db'>,
  organization: Pick<OrganizationRow, 'id' | 'context' | 'enabled' | 'provisioning' | 'default_language'>,
  email: string,
  clientAddress: string,
): Promise<Admission> {
  const { db } = services;
  if (!organization.enabled) return { kind: 'not-invited' };
  const known = await findUserByEmail(db, email);
  const membership = known && (await membershipOf(db, known.id, organization.id));
  if (known && membership) return membership.enabled ? { kind: 'member', user: known } : { kind: 'not-invited' };
  if (organization.provisioning !== 'JUST_IN_TIME' || (await findOrganizationByDomain(db, domainOf(email)))?.id !== organization.id) {
    return { kind: 'not-invited' };
  }
  return db.transaction(async (tx) => {
    const { user, created } = await accountOf(tx, email, organization.default_language);
    if (await insertMembershipIfNew(tx, user.id, organization.id)) {
      await audit(tx, clientAddress, 'member.provisioned', {
        userId: user.id,
        context: organization.context,
        detail: { account: created ? 'created' : 'existing' },
      });
    }
    return { kind: 'member', user };
  });
}
