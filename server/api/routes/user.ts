import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { acceptCurrentTerms, acceptedTerms } from '../../auth/terms';
import type { Answer, Route } from '../contract';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';
import { signedIn } from '../session-guard';

/** The signed-in user and terms acceptance (flows 3, User; flows 4.8). */
export async function userRoutes(app: FastifyInstance, { services }: { services: Services }) {
  /** GET /{context}/user/{userId} — the token's own user, with the terms versions accepted; the context may be the API audience. */
  app.get<Route<'getUser'>>(routePath('getUser'), { ...routeOptions('getUser'), preHandler: app.requireAccountContext }, async (request) => {
    const { claims, user } = signedIn(request);
    if (request.params.userId !== claims.sub) throw new HttpError(403, 'forbidden', 'A session reads only its own user.');
    const accepted = await acceptedTerms(services.db, user.id);
    return {
      id: user.id,
      email: user.email,
      language: user.language,
      termsAndConditions: Object.fromEntries(Object.entries(accepted).map(([context, version]) => [context, { acceptedVersion: version }])),
    } satisfies Answer<'getUser'>;
  });

  /** POST /{context}/user/acceptTermsAndConditions — the current terms version of the context accepted. */
  app.post<Route<'acceptTermsAndConditions'>>(
    routePath('acceptTermsAndConditions'),
    { ...routeOptions('acceptTermsAndConditions'), preHandler: app.requireContext },
    async (request, reply) => {
      const outcome = await acceptCurrentTerms(services, { userId: signedIn(request).claims.sub, context: request.params.context, clientAddress: request.ip });
      if (outcome.kind === 'closed') throw new HttpError(403, 'forbidden', 'This organisation is not open.');
      return reply.code(204).send();
    },
  );
}
