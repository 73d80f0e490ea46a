import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { signOutBrowser } from '../../auth/sign-out';
import type { Route } from '../contract';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';
import { signedIn } from '../session-guard';
import { heldDevice } from '../../web/device-cookie';
import { clearedSessionCookies, sessionCookiesOf } from '../../web/session-cookies';

export async function logoutRoutes(app: FastifyInstance, { services }: { services: Services }) {
  /**
   * GET /{aud}/logout (flows 2, Logout): ends every front door session this browser holds
   * (server/auth/sign-out.ts) on every instance, and clears its session cookies. `aud` is the API
   * audience, which a session carries as its `aud`; the MFA-setup token's `aud` is the API audience
   * followed by `/mfa-setup` (server/auth/tokens.ts), and it logs out at the API audience.
   */
  app.get<Route<'logout'>>(routePath('logout'), { ...routeOptions('logout'), preHandler: app.requireSignIn }, async (request, reply) => {
    const { claims } = signedIn(request);
    if (request.params.aud !== services.config.tokenAudience) throw new HttpError(401, 'invalid_token', 'The token is not for this audience.');
    const cookies = sessionCookiesOf(request.headers.cookie);
    await signOutBrowser(services, {
      cookieTokens: [...cookies.values()],
      device: heldDevice(request.headers.cookie),
      bearer: claims,
      clientAddress: request.ip,
      via: 'frontdoor',
    });
    for (const cleared of clearedSessionCookies(cookies.keys(), {
      cookieDomain: services.config.cookieDomain,
      hostname: request.hostname,
      publicUrl: services.config.publicUrl,
    }))
      reply.header('set-cookie', cleared);
    return reply.code(204).send();
  });
}
