import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { authenticate } from '../../auth/guard';
import { audit } from '../../auth/audit';
import { HttpError } from '../errors';
import { routePath, routeSchema } from '../contract';

/** GET /{aud}/logout (spec section 2, Logout): revokes the session token on every instance. */
export async function logoutRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get<{ Params: { aud: string } }>(routePath('logout'), { schema: routeSchema('logout') }, async (request, reply) => {
    const claims = await authenticate(services.tokens, request);
    if (claims.aud !== request.params.aud) throw new HttpError(401, 'invalid_token', 'The token is not for this audience.');
    await services.tokens.revoke(claims);
    await audit(services.db, request, 'logout', { userId: claims.sub });
    return reply.code(204).send();
  });
}
