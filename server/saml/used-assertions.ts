/**
 * Assertions already used to sign in, kept in `saml_used_assertions` until they would have expired
 * anyway. The INSERT ... ON CONFLICT DO NOTHING RETURNING answers "first use" to one caller only, also
 * when two instances receive the same assertion at once (contract, samlAssertionConsumer: no replays).
 */
import type { Queryable } from '../db/database';

/** Records the assertion's use; false when it was used before. */
export async function recordAssertionUse(db: Queryable, context: string, assertionId: string, keepUntil: Date): Promise<boolean> {
  await db.query('DELETE FROM saml_used_assertions WHERE expires_at <= now()');
  // Keyed per organisation, so one organisation's IdP cannot use up IDs another one's will send.
  const rows = await db.query(
    `INSERT INTO saml_used_assertions (id, expires_at) VALUES ($1, $2)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [`${context}/${assertionId}`, keepUntil.toISOString()],
  );
  return rows.length > 0;
}
