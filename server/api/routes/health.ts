import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { ping } from '../../db/database';
import { routeOptions, routePath } from '../openapi-schemas';

export async function healthRoutes(app: FastifyInstance, { services }: { services: Services }) {
  /** GET /health (server-defined): the server answers and its database too. */
  app.get(routePath('getHealth'), routeOptions('getHealth'), async (request, reply) => {
    try {
      await ping(services.db);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'database health check failed');
      return reply.code(503).send({ status: 'unavailable', database: 'error' });
    }
  });
}
