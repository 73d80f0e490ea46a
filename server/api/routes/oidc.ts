import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import type { Answer, Route } from '../contract';
import { routeOptions, routePath } from '../openapi-schemas';
import { signedIn } from '../session-guard';
import { HttpError } from '../errors';
import { finishAppSignIn, type AppSignIn } from '../../auth/app-sign-in';
import { answerApp, waitingAppSignIn } from '../../oidc/finish';
import type { OpenIdProvider } from '../../oidc/provider';

/** The person's refusals of an app's sign-in, as the contract answers them (finishOidcSignIn). */
const REFUSALS: Record<Exclude<AppSignIn['kind'], 'signed-in' | 'not-a-member'>, () => HttpError> = {
  'session-unfit': () => new HttpError(401, 'invalid_token', 'This session cannot sign in to an app: sign in again.'),
  'reauthentication-required': () => new HttpError(403, 'reauthentication_required', 'The app asks you to sign in again.'),
  'second-factor-required': () => new HttpError(403, 'second_factor_required', 'The app asks for a second factor.'),
  'organisation-not-reached': () => new HttpError(403, 'forbidden', 'The session does not reach this organisation.'),
  'terms-required': () => new HttpError(403, 'forbidden', 'Accept the organisation’s terms first.'),
};

/** The app's call that ends a sign-in an app started through the OpenID Provider (flows 4.18). */
export async function oidcRoutes(app: FastifyInstance, { services, provider }: { services: Services; provider: OpenIdProvider }) {
  app.post<Route<'finishOidcSignIn'>>(
    routePath('finishOidcSignIn'),
    { ...routeOptions('finishOidcSignIn'), preHandler: app.requireSession },
    async (request, reply) => {
      const http = { request: request.raw, response: reply.raw };
      const asked = await waitingAppSignIn(provider, http, request.params.uid);
      if (!asked) throw new HttpError(404, 'not_found', 'No sign-in of an app waits in this browser: it has expired or was finished.');
      const outcome = await finishAppSignIn(services, asked, { claims: signedIn(request).claims, context: request.body.context, clientAddress: request.ip });
      if (outcome.kind !== 'signed-in' && outcome.kind !== 'not-a-member') throw REFUSALS[outcome.kind]();
      return { redirectTo: await answerApp(provider, http, outcome) } satisfies Answer<'finishOidcSignIn'>;
    },
  );
}
