import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { findOrganizationByDomain, findOrganizationIgnoringCase, type OrganizationRow } from '../../db/organizations';
import { LIMITS, limitByAddress } from '../../auth/rate-limit';
import { emailDomain } from '../../../rules/email';
import { routeOptions, routePath } from '../openapi-schemas';

/** An organisation's mode; NOT_SET, like a password organisation, when there is no such enabled organisation. */
const modeOf = (organization: OrganizationRow | undefined) => (organization?.enabled ? organization.sso_mode : 'NOT_SET');

/**
 * SSO mode look-ups (flows 4.1 and 4.2), answered by the organisation an address or a context
 * names, never by accounts: an unknown address at a SAML organisation's domain gets the answer a
 * member gets, and an address at no organisation's domain NOT_SET, so the answer reveals nothing.
 */
export async function ssoModeRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;

  /** GET /organization/{email}/ssoMode — how an address at this e-mail's domain signs in (flows 4.1). */
  app.get<{ Params: { email: string } }>(routePath('getSsoModeByEmail'), routeOptions('getSsoModeByEmail'), async (request, reply) => {
    await limitByAddress(db, LIMITS.ssoLookup, request.ip);
    const mode = modeOf(await findOrganizationByDomain(db, emailDomain(request.params.email)));
    return reply.type('text/plain; charset=utf-8').send(mode);
  });

  /** GET /organization/ssoModeByContext/{context} — whether the organisation signs in through SAML (flows 4.2; any case, flows 4.7). */
  app.get<{ Params: { context: string } }>(routePath('getSsoModeByContext'), routeOptions('getSsoModeByContext'), async (request, reply) => {
    await limitByAddress(db, LIMITS.ssoLookup, request.ip);
    const mode = modeOf(await findOrganizationIgnoringCase(db, request.params.context));
    return reply.type('text/plain; charset=utf-8').send(mode);
  });
}
