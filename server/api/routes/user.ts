import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { authenticate, requireContext } from '../../auth/guard';
import { findOrganization, findUserById } from '../../auth/accounts';
import { audit } from '../../auth/audit';
import { HttpError } from '../errors';
import { routePath, routeSchema } from '../contract';

/** The signed-in user and terms acceptance (spec section 3, User; section 4, step 8). */
export async function userRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db, tokens } = services;

  app.get<{ Params: { context: string; userId: string } }>(routePath('getUser'), { schema: routeSchema('getUser') }, async (request) => {
    const claims = await authenticate(tokens, request);
    await requireContext(db, claims, request.params.context);
    if (request.params.userId !== claims.sub) throw new HttpError(403, 'forbidden', 'A session reads only its own user.');
    const user = await findUserById(db, claims.sub);
    if (!user) throw new HttpError(404, 'not_found', 'No such user.');
    const accepted = await db.query<{ context: string; version: number }>(
      'SELECT context, max(version) AS version FROM terms_acceptances WHERE user_id = $1 GROUP BY context',
      [user.id],
    );
    return {
      id: user.id,
      email: user.email,
      language: user.language,
      termsAndConditions: Object.fromEntries(accepted.map((row) => [row.context, { acceptedVersion: Number(row.version) }])),
    };
  });

  app.post<{ Params: { context: string } }>(
    routePath('acceptTermsAndConditions'),
    { schema: routeSchema('acceptTermsAndConditions') },
    async (request, reply) => {
      const claims = await authenticate(tokens, request);
      await requireContext(db, claims, request.params.context);
      const organization = await findOrganization(db, request.params.context);
      if (!organization?.enabled) throw new HttpError(403, 'forbidden', 'This organisation is not open.');
      await db.query(
        `INSERT INTO terms_acceptances (user_id, context, version) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [claims.sub, organization.context, organization.terms_version],
      );
      await audit(db, request, 'terms.accepted', { userId: claims.sub, context: organization.context, detail: { version: organization.terms_version } });
      return reply.code(204).send();
    },
  );
}
