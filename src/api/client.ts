/**
 * The one API client (flows 7): typed from openapi/auth.yaml, base URL from the runtime
 * configuration, the session token as bearer and a JSON content type on every call; a session the
 * API refuses ends here, whichever screen asked.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/auth';
import { config } from '../config/runtime-config';
import { $token, refuseSession } from '../stores/session';

/** The sign-in's own 401s ask for a code or name a wrong or expired one (flows 4.3, 4.5): answers, not refusals of a session. */
const SIGN_IN_PATHS: ReadonlySet<string> = new Set<keyof paths>(['/login', '/login/code']);

const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = $token.get();
    if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
    if (!request.headers.has('Content-Type')) request.headers.set('Content-Type', 'application/json');
    return request;
  },
  /**
   * A 401 to the session's own token (forged, expired, revoked by a logout or a new password
   * elsewhere) ends the session in this browser: cookies and flow storage; a screen that needs a
   * session then goes to Login (src/flow/refusal.ts), which has no stored session to forward, so
   * no screen can send the user round again. A link's token sent as
   * bearer (set-password) is not the session's, and its refusal leaves the session alone.
   */
  onResponse({ request, response, schemaPath }) {
    if (response.status !== 401 || SIGN_IN_PATHS.has(schemaPath)) return;
    const token = $token.get();
    if (token && request.headers.get('Authorization') === `Bearer ${token}`) refuseSession();
  },
};

export function createApiClient(baseUrl: string = config.apiBaseUrl) {
  // fetch is looked up per call, not captured at load, so tests and polyfills can replace it.
  const client = createClient<paths>({ baseUrl, fetch: (request) => globalThis.fetch(request) });
  client.use(authMiddleware);
  return client;
}

export const api = createApiClient();
