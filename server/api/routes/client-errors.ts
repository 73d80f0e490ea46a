import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { LIMITS, limitByAddress } from '../../auth/rate-limit';
import { redactSecrets } from '../../logger';
import type { Route } from '../contract';
import { routeOptions, routePath } from '../openapi-schemas';

export async function clientErrorRoutes(app: FastifyInstance, { services }: { services: Services }) {
  /**
   * POST /client-errors (server-defined; flows 8: error.general also triggers error reporting): the
   * app's report, written to the structured log with anything that looks like a secret replaced.
   */
  app.post<Route<'reportClientError'>>(routePath('reportClientError'), routeOptions('reportClientError'), async (request, reply) => {
    await limitByAddress(services.db, LIMITS.clientErrors, request.ip);
    const { message, screen, code, status } = request.body;
    request.log.warn({ clientError: { message: redactSecrets(message), screen, code, status } }, 'the app reported an error');
    return reply.code(204).send();
  });
}
