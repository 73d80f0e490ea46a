import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { signOut } from '../../auth/sign-out';
import type { Route } from '../contract';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';
import { signedIn } from '../session-guard';

export async function logoutRoutes(app: FastifyInstance, { services }: { services: Services }) {
  /**
   * GET /{aud}/logout (flows 2, Logout): revokes the session token on every instance. `aud` is the
   * API audience, which a session carries as its `aud`; the MFA-setup token's `aud` is the API
   * audience followed by `/mfa-setup` (server/auth/tokens.ts), and it logs out at the API audience.
   */
  app.get<Route<'logout'>>(routePath('logout'), { ...routeOptions('logout'), preHandler: app.requireSignIn }, async (request, reply) => {
    const { claims } = signedIn(request);
    if (request.params.aud !== services.config.tokenAudience) throw new HttpError(401, 'invalid_token', 'The token is not for this audience.');
    await signOut(services, claims, request.ip);
    return reply.code(204).send();
  });
}
