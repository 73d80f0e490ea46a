import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { LIMITS, limitByAddress } from '../../auth/rate-limit';
import { ssoModeOfContext, ssoModeOfEmail } from '../../auth/sso-mode';
import type { Route, Schema } from '../contract';
import { routeOptions, routePath } from '../openapi-schemas';

/** SSO mode look-ups (flows 4.1 and 4.2): nothing in them reveals an account (server/auth/sso-mode.ts). */
export async function ssoModeRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;

  /** GET /organization/{email}/ssoMode — how an address at this e-mail's domain signs in (flows 4.1). */
  app.get<Route<'getSsoModeByEmail'>>(routePath('getSsoModeByEmail'), routeOptions('getSsoModeByEmail'), async (request, reply) => {
    await limitByAddress(db, LIMITS.ssoLookup, request.ip);
    return reply.type('text/plain; charset=utf-8').send((await ssoModeOfEmail(db, request.params.email)) satisfies Schema<'SsoMode'>);
  });

  /** GET /organization/ssoModeByContext/{context} — whether the organisation signs in through SAML (flows 4.2; any case, flows 4.7). */
  app.get<Route<'getSsoModeByContext'>>(routePath('getSsoModeByContext'), routeOptions('getSsoModeByContext'), async (request, reply) => {
    await limitByAddress(db, LIMITS.ssoLookup, request.ip);
    return reply.type('text/plain; charset=utf-8').send((await ssoModeOfContext(db, request.params.context)) satisfies Schema<'SsoMode'>);
  });
}
