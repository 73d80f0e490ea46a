/**
 * The OpenID Provider's endpoints in the reference server: discovery and everything under /oidc go
 * to the engine as they came (it reads its own bodies and writes its own answers), before Fastify
 * parses anything.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenIdProvider } from './provider';
import { OIDC_PREFIX } from '../auth/oidc-claims';
import type { Queryable } from '../db/database-types';
import { LIMITS, clientKey, hit } from '../auth/rate-limit';
import { isDatabaseUnavailable } from '../auth/health';
import { transportHeaders } from '../web/security-headers';

export const DISCOVERY_PATH = '/.well-known/openid-configuration';

/** An answer in OAuth's error shape (RFC 6749 section 5.2) that the app may try again after. */
function refuse(reply: FastifyReply, status: number, retryAfter: number, description: string) {
  return reply
    .code(status)
    .header('retry-after', String(retryAfter))
    .header('cache-control', 'no-store')
    .send({ error: 'temporarily_unavailable', error_description: description });
}

/**
 * The engine's endpoints that store, spend or end something per request: counted per client
 * address: a sign-out (its question and its confirmation) reads and writes provider sessions, and
 * an introspection or revocation reads a token and checks a client's secret, and a device's code
 * is asked for and typed.
 */
const COUNTED = new Set(
  ['auth', 'token', 'token/introspection', 'token/revocation', 'logout', 'logout/confirm', 'device', 'device/auth'].map(
    (endpoint) => `${OIDC_PREFIX}/${endpoint}`,
  ),
);
/** Where a person types a device's code: a guess is a request, so the page has a count of its own (server/oidc/devices.ts). */
const DEVICE_CODE_PAGE = `${OIDC_PREFIX}/device`;

export async function openIdProviderRoutes(app: FastifyInstance, { provider, publicUrl, db }: { provider: OpenIdProvider; publicUrl: string; db: Queryable }) {
  const engine = provider.callback();
  const issuer = new URL(publicUrl);
  const answerHeaders: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "frame-ancestors 'none'",
    ...transportHeaders({ publicUrl }),
  };
  // The engine parses its own bodies (the token endpoint's form, the logout confirmation).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    // As the engine's router matches: in any letter case, with or without a trailing slash.
    const path = new URL(request.raw.url ?? '/', issuer).pathname.toLowerCase().replace(/(.)\/$/, '$1');
    const counts = [...(COUNTED.has(path) ? [LIMITS.oidc] : []), ...(path === DEVICE_CODE_PAGE && request.method === 'POST' ? [LIMITS.deviceCodes] : [])];
    for (const limit of counts) {
      const counted = await hit(db, limit, clientKey(request.ip)).catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) return undefined;
        throw error;
      });
      // The engine would not reach the database either: the app may try again, as the API says.
      if (!counted) return refuse(reply, 503, 5, 'The service cannot reach its database for now; try again shortly.');
      if (!counted.allowed) return refuse(reply, 429, counted.retryAfter, 'Too many requests from this address: try again later.');
    }
    reply.hijack();
    // The engine builds its URLs from the issuer (PUBLIC_URL), as every link of the front door is,
    // and sees the client address the server decided (TRUST_PROXY_HOPS), not what a header claims.
    const headers = request.raw.headers;
    headers['x-forwarded-host'] = issuer.host;
    headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
    headers['x-forwarded-for'] = request.ip;
    // The headers every answer of the front door carries; the provider's own pages add their
    // stylesheet's policy (server/oidc/pages.ts). Its form-post page submits itself with a script
    // of the engine's, so no script policy is set here.
    for (const [name, value] of Object.entries(answerHeaders)) reply.raw.setHeader(name, value);
    void engine(request.raw, reply.raw);
  };
  app.all(DISCOVERY_PATH, handOver);
  app.all(`${OIDC_PREFIX}/*`, handOver);
}
