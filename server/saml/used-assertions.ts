/**
 * Assertions already used to sign in, kept until they would have expired anyway. The first use
 * wins for one caller only, also when two instances receive the same assertion at once (contract,
 * samlAssertionConsumer: no replays).
 */
import type { Queryable } from '../db/database-types';
import { insertUsedAssertion } from '../db/saml';

/** Records the assertion's use; false when it was used before. */
export function recordAssertionUse(db: Queryable, context: string, assertionId: string, keepUntil: Date): Promise<boolean> {
  // Keyed per organisation, so one organisation's IdP cannot use up IDs another one's will send.
  return insertUsedAssertion(db, `${context}/${assertionId}`, keepUntil);
}
