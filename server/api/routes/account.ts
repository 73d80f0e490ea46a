import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { secureAccount } from '../../auth/account-alerts';
import { LIMITS, limitByAddress } from '../../auth/rate-limit';
import type { Route } from '../contract';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';

export async function accountRoutes(app: FastifyInstance, { services }: { services: Services }) {
  /** POST /secure-account: "This wasn't me" from an alert mail (server/auth/account-alerts.ts). */
  app.post<Route<'secureAccount'>>(routePath('secureAccount'), routeOptions('secureAccount'), async (request, reply) => {
    await limitByAddress(services.db, LIMITS.secureAccount, request.ip);
    const outcome = await secureAccount(services, { token: request.body.token, clientAddress: request.ip });
    if (outcome.kind === 'link-spent') throw new HttpError(401, 'invalid_token', 'This link has already been used or has expired.');
    return reply.code(204).send();
  });
}
