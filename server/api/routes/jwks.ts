import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { routePath } from '../contract';

/** GET /.well-known/jwks.json: the public key of the session tokens' signature. */
export async function jwksRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get(routePath('getJwks'), async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(services.tokens.jwks()));
}
