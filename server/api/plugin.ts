import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { HttpError, apiErrorHandler, errorBody } from './errors';
import { healthRoutes } from './routes/health';
import { ssoModeRoutes } from './routes/sso-mode';
import { loginRoutes } from './routes/login';
import { logoutRoutes } from './routes/logout';
import { registrationRoutes } from './routes/registration';
import { passwordRoutes } from './routes/password';
import { mfaRoutes } from './routes/mfa';
import { passkeyRoutes } from './routes/passkeys';
import { sessionRoutes } from './routes/sessions';
import { accountRoutes } from './routes/account';
import { organizationRoutes } from './routes/organizations';
import { userRoutes } from './routes/user';
import { jwksRoutes } from './routes/jwks';
import { clientErrorRoutes } from './routes/client-errors';
import { samlRoutes } from './routes/saml';
import { oidcIdentityProviderRoutes } from './routes/oidc-idp';
import { oidcRoutes } from './routes/oidc';
import type { OpenIdProvider } from '../oidc/provider';
import { decorateSessionGuards } from './session-guard';

export interface ApiOptions {
  services: Services;
  /** The OpenID Provider, whose interactions the app finishes (server/oidc/). */
  provider: OpenIdProvider;
}

/** The auth API of openapi/auth.yaml, mounted under the configured base path. */
export async function apiPlugin(app: FastifyInstance, { services, provider }: ApiOptions) {
  app.setErrorHandler(apiErrorHandler);
  decorateSessionGuards(app, services);
  // The path is not repeated: it may hold an e-mail address.
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send(errorBody(404, 'not_found', 'No such operation.'));
  });

  // The app posts setMfa and acceptTermsAndConditions with a JSON content type and no body
  // (flows 7): an empty JSON body is "no body", anything else goes to Fastify's parser. A JSON null
  // is a body no operation takes; it must not pass for "no body" (contract, setMfa).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, null);
    parseJson(request, body as string, (error, value) => {
      if (!error && value === null) done(new HttpError(400, 'validation_failed', 'A JSON body must be an object.'));
      else done(error, value);
    });
  });

  // A POST without a body is validated as null: an operation whose body is optional allows it,
  // one that needs a body refuses it with 400 like any other wrong body.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) request.body = null;
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    // API answers carry tokens and personal data: not stored by caches unless a route says so.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  const options = { services };
  await app.register(healthRoutes, options);
  await app.register(jwksRoutes, options);
  await app.register(ssoModeRoutes, options);
  await app.register(loginRoutes, options);
  await app.register(logoutRoutes, options);
  await app.register(registrationRoutes, options);
  await app.register(passwordRoutes, options);
  await app.register(mfaRoutes, options);
  await app.register(passkeyRoutes, options);
  await app.register(sessionRoutes, options);
  await app.register(accountRoutes, options);
  await app.register(organizationRoutes, options);
  await app.register(userRoutes, options);
  await app.register(samlRoutes, options);
  await app.register(oidcIdentityProviderRoutes, options);
  await app.register(oidcRoutes, { services, provider });
  await app.register(clientErrorRoutes, options);
}
