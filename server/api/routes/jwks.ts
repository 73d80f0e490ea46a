import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { routeOptions, routePath } from '../openapi-schemas';

export async function jwksRoutes(app: FastifyInstance, { services }: { services: Services }) {
  /** GET /.well-known/jwks.json: the public key of the session tokens' signature. */
  app.get(routePath('getJwks'), routeOptions('getJwks'), async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(services.tokens.jwks()),
  );
}
