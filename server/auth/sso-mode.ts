/**
 * How an address or a context signs in (flows 4.1 and 4.2), answered by the organisation it names,
 * never by accounts: an unknown address at a SAML organisation's domain gets the answer a member
 * gets, and an address at no organisation's domain NOT_SET, so the answer reveals nothing.
 */
import type { Queryable } from '../db/database-types';
import { findOrganizationByDomain, findOrganizationIgnoringCase, type OrganizationRow } from '../db/organizations';
import { emailDomain } from '../../rules/email';

export type SsoMode = OrganizationRow['sso_mode'];

/** An organisation's mode; NOT_SET, like a password organisation, when there is no such enabled organisation. */
const modeOf = (organization: OrganizationRow | undefined): SsoMode => (organization?.enabled ? organization.sso_mode : 'NOT_SET');

/** The mode of the organisation that claims the e-mail's domain. */
export async function ssoModeOfEmail(db: Queryable, email: string): Promise<SsoMode> {
  return modeOf(await findOrganizationByDomain(db, emailDomain(email)));
}

/** The mode of the organisation of a context, in any case (flows 4.7). */
export async function ssoModeOfContext(db: Queryable, context: string): Promise<SsoMode> {
  return modeOf(await findOrganizationIgnoringCase(db, context));
}
