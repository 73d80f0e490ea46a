import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { openOrganization, organizationsOfSession, type Organization } from '../../auth/organizations';
import type { Answer, Route, Schema } from '../contract';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';
import { signedIn } from '../session-guard';

function organizationEntry(organization: Organization): Schema<'Organization'> {
  const { id, name, logo, context, enabled } = organization;
  return { id, name, logo, context, enabled };
}

/** The organisations a user may enter and the current one (flows 3, 4.7 and 4.8). */
export async function organizationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;
  /**
   * GET /{context}/user/organizations — company selection (flows 4.7). The API audience as context
   * answers the same list: a user in no organisation gets an empty one.
   */
  app.get<Route<'getUserOrganizations'>>(
    routePath('getUserOrganizations'),
    { ...routeOptions('getUserOrganizations'), preHandler: app.requireAccountContext },
    async (request) => {
      const organizations = await organizationsOfSession(db, signedIn(request).claims);
      return Object.fromEntries(
        organizations.map((organization) => [organization.context, organizationEntry(organization)]),
      ) satisfies Answer<'getUserOrganizations'>;
    },
  );

  /** GET /{context}/organization/current — the organisation with its terms (flows 4.8). */
  app.get<Route<'getCurrentOrganization'>>(
    routePath('getCurrentOrganization'),
    { ...routeOptions('getCurrentOrganization'), preHandler: app.requireContext },
    async (request) => {
      const organization = await openOrganization(db, request.params.context);
      if (!organization) throw new HttpError(404, 'not_found', 'No such organisation.');
      return {
        ...organizationEntry(organization),
        termsAndConditions: { version: organization.terms_version, content: organization.terms_content },
        language: { default: organization.default_language },
      } satisfies Answer<'getCurrentOrganization'>;
    },
  );
}
