/**
 * The terms_acceptances table: which version of an organisation's terms a user accepted (flows 4.8).
 */
import type { Queryable } from './database-types';

/** The highest accepted version per context. */
export async function acceptedTermsVersions(db: Queryable, userId: string): Promise<Record<string, number>> {
  const rows = await db.query<{ context: string; version: number }>(
    'SELECT context, max(version) AS version FROM terms_acceptances WHERE user_id = $1 GROUP BY context',
    [userId],
  );
  return Object.fromEntries(rows.map((row) => [row.context, Number(row.version)]));
}

export async function recordTermsAcceptance(db: Queryable, userId: string, context: string, version: number): Promise<void> {
  await db.query('INSERT INTO terms_acceptances (user_id, context, version) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, context, version]);
}
