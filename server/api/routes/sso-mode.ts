import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { findOrganization, findUserByEmail, userOrganizations, type OrganizationRow } from '../../auth/accounts';
import { LIMITS, limitByAddress } from '../../auth/rate-limit';
import { routePath, routeSchema } from '../contract';

type SsoMode = OrganizationRow['sso_mode'];

/** The strictest mode among the user's organisations: SAML_ONLY, then LOGIN_SAML, else NOT_SET. */
function strictestMode(organizations: OrganizationRow[]): SsoMode {
  const modes = new Set(organizations.map((organization) => organization.sso_mode));
  if (modes.has('SAML_ONLY')) return 'SAML_ONLY';
  if (modes.has('LOGIN_SAML')) return 'LOGIN_SAML';
  return 'NOT_SET';
}

/**
 * SSO mode look-ups (spec section 4, steps 1 and 2). An unknown e-mail or context answers
 * NOT_SET, like a password organisation, so the answer reveals nothing.
 */
export async function ssoModeRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;

  app.get<{ Params: { email: string } }>(
    routePath('getSsoModeByEmail'),
    { schema: routeSchema('getSsoModeByEmail') },
    async (request, reply) => {
      await limitByAddress(db, LIMITS.ssoLookup, request);
      const user = await findUserByEmail(db, request.params.email);
      const mode = user ? strictestMode(await userOrganizations(db, user.id)) : 'NOT_SET';
      return reply.type('text/plain; charset=utf-8').send(mode);
    },
  );

  app.get<{ Params: { context: string } }>(
    routePath('getSsoModeByContext'),
    { schema: routeSchema('getSsoModeByContext') },
    async (request, reply) => {
      await limitByAddress(db, LIMITS.ssoLookup, request);
      const organization = await findOrganization(db, request.params.context);
      const mode = organization?.enabled ? organization.sso_mode : 'NOT_SET';
      return reply.type('text/plain; charset=utf-8').send(mode);
    },
  );
}
