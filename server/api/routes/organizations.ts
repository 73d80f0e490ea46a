import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { authenticate, requireContext } from '../../auth/guard';
import { findOrganization, userOrganizations, type OrganizationRow } from '../../auth/accounts';
import { HttpError } from '../errors';
import { routePath, routeSchema } from '../contract';

export function organizationEntry(organization: OrganizationRow) {
  const { id, name, logo, context, enabled } = organization;
  return { id, name, logo, context, enabled };
}

/** The organisations a user may enter and the current one (spec sections 3 and 4, steps 7 and 8). */
export async function organizationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db, tokens } = services;

  app.get<{ Params: { context: string } }>(
    routePath('getUserOrganizations'),
    { schema: routeSchema('getUserOrganizations') },
    async (request) => {
      const claims = await authenticate(tokens, request);
      await requireContext(db, claims, request.params.context);
      // Only enabled organisations of enabled memberships, and only those the token reaches.
      const organizations = (await userOrganizations(db, claims.sub)).filter((organization) => claims.contexts.includes(organization.context));
      return Object.fromEntries(organizations.map((organization) => [organization.context, organizationEntry(organization)]));
    },
  );

  app.get<{ Params: { context: string } }>(
    routePath('getCurrentOrganization'),
    { schema: routeSchema('getCurrentOrganization') },
    async (request) => {
      const claims = await authenticate(tokens, request);
      await requireContext(db, claims, request.params.context);
      const organization = await findOrganization(db, request.params.context);
      if (!organization?.enabled) throw new HttpError(404, 'not_found', 'No such organisation.');
      return {
        ...organizationEntry(organization),
        termsAndConditions: { version: organization.terms_version, content: organization.terms_content },
        language: { default: organization.default_language },
      };
    },
  );
}
