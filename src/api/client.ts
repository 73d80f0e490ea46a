/**
 * The one API client (spec section 7): typed from openapi/auth.yaml, base URL from the runtime
 * configuration, the session token as bearer and a JSON content type on every call.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { config } from '../config';
import { $token } from '../stores/session';

export const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = $token.get();
    if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
    if (!request.headers.has('Content-Type')) request.headers.set('Content-Type', 'application/json');
    return request;
  },
};

export function createApiClient(baseUrl: string = config.apiBaseUrl) {
  // fetch is looked up per call, not captured at load, so tests and polyfills can replace it.
  const client = createClient<paths>({ baseUrl, fetch: (request) => globalThis.fetch(request) });
  client.use(authMiddleware);
  return client;
}

export const api = createApiClient();
