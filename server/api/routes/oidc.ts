import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import type { Answer, Route } from '../contract';
import { routeOptions, routePath } from '../openapi-schemas';
import { signedIn } from '../session-guard';
import { finishSignIn } from '../../oidc/finish';
import type { OpenIdProvider } from '../../oidc/provider';

/** The app's call that ends a sign-in an app started through the OpenID Provider (flows 4.18). */
export async function oidcRoutes(app: FastifyInstance, { services, provider }: { services: Services; provider: OpenIdProvider }) {
  app.post<Route<'finishOidcSignIn'>>(
    routePath('finishOidcSignIn'),
    { ...routeOptions('finishOidcSignIn'), preHandler: app.requireSession },
    async (request, reply) => {
      const { claims } = signedIn(request);
      const redirectTo = await finishSignIn(
        services,
        provider,
        { request: request.raw, response: reply.raw },
        { uid: request.params.uid, claims, context: request.body.context, clientAddress: request.ip },
      );
      return { redirectTo } satisfies Answer<'finishOidcSignIn'>;
    },
  );
}
