import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { databaseHealth } from '../../auth/health';
import type { Answer } from '../contract';
import { routeOptions, routePath } from '../openapi-schemas';

export async function healthRoutes(app: FastifyInstance, { services }: { services: Services }) {
  /** GET /health (server-defined): the server answers and its database too. */
  app.get(routePath('getHealth'), routeOptions('getHealth'), async (request, reply) => {
    const health = await databaseHealth(services.db);
    if (health.kind === 'ok') return { status: 'ok', database: 'ok' } satisfies Answer<'getHealth'>;
    request.log.error({ err: health.error }, 'database health check failed');
    return reply.code(503).send({ status: 'unavailable', database: 'error' } satisfies Answer<'getHealth', 503>);
  });
}
