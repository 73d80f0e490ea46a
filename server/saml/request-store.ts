/**
 * The login requests we sent, kept in `saml_requests` so the response may reach any server instance
 * (node-saml's own cache lives in one process). A request belongs to one organisation and is taken
 * once: the DELETE ... RETURNING that takes it succeeds for one caller only, on any instance, so one
 * InResponseTo signs in at most once (contract, samlAssertionConsumer).
 */
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Queryable } from '../db/database';
import { REQUEST_TTL_MS } from './service-provider';

export interface IssuedRequest {
  id: string;
  returnTo: string;
}

export interface RequestStore extends CacheProvider {
  /** Takes the request out of the store; the same store answers the same again, any other store nothing. */
  take(id: string): Promise<IssuedRequest | undefined>;
}

/**
 * A store for one organisation and one HTTP request. `returnTo` goes with the request saved by the
 * login route. node-saml calls removeAsync while validating a response, and the assertion consumer
 * then asks take() whether it was this store that took the request.
 */
export function createRequestStore(db: Queryable, context: string, options: { returnTo?: string } = {}): RequestStore {
  const taken = new Map<string, Promise<IssuedRequest | undefined>>();
  const ttlSeconds = REQUEST_TTL_MS / 1000;

  async function deleteRequest(id: string): Promise<IssuedRequest | undefined> {
    const rows = await db.query<{ return_to: string }>(
      'DELETE FROM saml_requests WHERE id = $1 AND context = $2 AND expires_at > now() RETURNING return_to',
      [id, context],
    );
    return rows[0] ? { id, returnTo: rows[0].return_to } : undefined;
  }

  function take(id: string): Promise<IssuedRequest | undefined> {
    let result = taken.get(id);
    if (!result) {
      result = deleteRequest(id);
      taken.set(id, result);
    }
    return result;
  }

  return {
    async saveAsync(id: string, value: string): Promise<CacheItem | null> {
      // Expired requests are cleared as new ones come in; a request never outlives REQUEST_TTL_MS anyway.
      await db.query('DELETE FROM saml_requests WHERE expires_at <= now()');
      const rows = await db.query(
        `INSERT INTO saml_requests (id, context, return_to, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4)) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [id, context, options.returnTo ?? '', ttlSeconds],
      );
      return rows.length > 0 ? { value, createdAt: Date.now() } : null;
    },

    /** The request's creation instant, which node-saml compares with requestIdExpirationPeriodMs. */
    async getAsync(id: string): Promise<string | null> {
      const rows = await db.query<{ created_at: Date | string }>(
        `SELECT expires_at - make_interval(secs => $3) AS created_at FROM saml_requests
         WHERE id = $1 AND context = $2 AND expires_at > now()`,
        [id, context, ttlSeconds],
      );
      return rows[0] ? new Date(rows[0].created_at).toISOString() : null;
    },

    async removeAsync(id: string | null): Promise<string | null> {
      if (id === null) return null;
      return (await take(id)) ? id : null;
    },

    take,
  };
}
