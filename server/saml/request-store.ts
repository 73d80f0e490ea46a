/**
 * The login requests we sent, kept in `saml_requests` so the response may reach any server instance
 * (node-saml's own cache lives in one process). A request belongs to one organisation and is taken
 * once: the DELETE ... RETURNING that takes it succeeds for one caller only, on any instance, so one
 * InResponseTo signs in at most once (contract, samlAssertionConsumer).
 */
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Queryable } from '../db/database-types';
import { insertSamlRequest, samlRequestCreatedAt, takeSamlRequest } from '../db/saml';
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
    const request = await takeSamlRequest(db, id, context);
    return request ? { id, returnTo: request.returnTo } : undefined;
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
      const saved = await insertSamlRequest(db, { id, context, returnTo: options.returnTo ?? '', ttlSeconds });
      return saved ? { value, createdAt: Date.now() } : null;
    },

    /** The request's creation instant, which node-saml compares with requestIdExpirationPeriodMs. */
    async getAsync(id: string): Promise<string | null> {
      const createdAt = await samlRequestCreatedAt(db, id, context, ttlSeconds);
      return createdAt ? createdAt.toISOString() : null;
    },

    async removeAsync(id: string | null): Promise<string | null> {
      if (id === null) return null;
      return (await take(id)) ? id : null;
    },

    take,
  };
}
