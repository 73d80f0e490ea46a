/**
 * An organisation's terms and the versions a user accepted (flows 4.8).
 */
import type { Services } from '../services';
import type { Queryable } from '../db/database-types';
import { audit } from '../db/audit';
import { acceptedTermsVersions, recordTermsAcceptance } from '../db/terms';
import { openOrganization } from './organizations';

/** The highest version the user accepted, per context. */
export function acceptedTerms(db: Queryable, userId: string): Promise<Record<string, number>> {
  return acceptedTermsVersions(db, userId);
}

export type TermsAcceptance = { kind: 'accepted' } | { kind: 'closed' };

/** The current terms version of an enabled organisation, accepted by the user. */
export async function acceptCurrentTerms(services: Services, input: { userId: string; context: string; clientAddress: string }): Promise<TermsAcceptance> {
  const organization = await openOrganization(services.db, input.context);
  if (!organization) return { kind: 'closed' };
  await recordTermsAcceptance(services.db, input.userId, organization.context, organization.terms_version);
  await audit(services.db, input.clientAddress, 'terms.accepted', {
    userId: input.userId,
    context: organization.context,
    detail: { version: organization.terms_version },
  });
  return { kind: 'accepted' };
}
