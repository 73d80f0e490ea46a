/**
 * The SAML tables: saml_requests (the login requests we sent, so a response may reach any instance)
 * and saml_used_assertions (assertions already used to sign in).
 */
import type { Queryable } from './database-types';
import { deleteInBatches } from './batched-delete';

/** Saves a request; false when its id exists. Expired requests are cleared as new ones come in. */
export async function insertSamlRequest(db: Queryable, request: { id: string; context: string; returnTo: string; ttlSeconds: number }): Promise<boolean> {
  await db.query('DELETE FROM saml_requests WHERE expires_at <= now()');
  const rows = await db.query(
    `INSERT INTO saml_requests (id, context, return_to, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [request.id, request.context, request.returnTo, request.ttlSeconds],
  );
  return rows.length > 0;
}

/** When an unexpired request of the organisation was created. */
export async function samlRequestCreatedAt(db: Queryable, id: string, context: string, ttlSeconds: number): Promise<Date | undefined> {
  const rows = await db.query<{ created_at: Date | string }>(
    `SELECT expires_at - make_interval(secs => $3) AS created_at FROM saml_requests
     WHERE id = $1 AND context = $2 AND expires_at > now()`,
    [id, context, ttlSeconds],
  );
  return rows[0] ? new Date(rows[0].created_at) : undefined;
}

/** Deletes an unexpired request of the organisation and answers its returnTo; one caller only gets it. */
export async function takeSamlRequest(db: Queryable, id: string, context: string): Promise<{ returnTo: string } | undefined> {
  const rows = await db.query<{ return_to: string }>('DELETE FROM saml_requests WHERE id = $1 AND context = $2 AND expires_at > now() RETURNING return_to', [
    id,
    context,
  ]);
  return rows[0] ? { returnTo: rows[0].return_to } : undefined;
}

/** Records an assertion id as used until keepUntil; false when it was used before. */
export async function insertUsedAssertion(db: Queryable, id: string, keepUntil: Date): Promise<boolean> {
  await db.query('DELETE FROM saml_used_assertions WHERE expires_at <= now()');
  const rows = await db.query('INSERT INTO saml_used_assertions (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id', [
    id,
    keepUntil.toISOString(),
  ]);
  return rows.length > 0;
}

/** Requests past their time and replay records of assertions that have expired anyway. */
export async function deleteExpiredSamlRecords(db: Queryable): Promise<void> {
  await deleteInBatches(db, 'saml_requests', 'expires_at', 'expires_at < now()');
  await deleteInBatches(db, 'saml_used_assertions', 'expires_at', 'expires_at < now()');
}
