import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';

/** GET /health (server-defined in openapi/auth.yaml): the server answers and its database too. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get('/health', async (request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'database health check failed');
      return reply.code(503).send({ status: 'unavailable', database: 'error' });
    }
  });
}
