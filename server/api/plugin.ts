import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { apiErrorHandler, errorBody } from './errors';
import { healthRoutes } from './health';
import { ssoModeRoutes } from './routes/sso-mode';
import { loginRoutes } from './routes/login';
import { logoutRoutes } from './routes/logout';
import { registrationRoutes } from './routes/registration';
import { passwordRoutes } from './routes/password';
import { mfaRoutes } from './routes/mfa';
import { organizationRoutes } from './routes/organizations';
import { userRoutes } from './routes/user';
import { jwksRoutes } from './routes/jwks';
import { samlRoutes } from '../saml/routes';

export interface ApiOptions {
  services: Services;
}

/** The auth API of openapi/auth.yaml, mounted under the configured base path. */
export async function apiPlugin(app: FastifyInstance, { services }: ApiOptions) {
  app.setErrorHandler(apiErrorHandler);
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(404, 'not_found', `No operation ${request.method} ${request.url.split('?')[0]}.`));
  });

  // The app posts setMfa and acceptTermsAndConditions with a JSON content type and no body
  // (spec section 7): an empty JSON body is "no body", anything else goes to Fastify's parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, null);
    else parseJson(request, body as string, done);
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
  await app.register(healthRoutes, { db: services.db });
  await app.register(jwksRoutes, options);
  await app.register(ssoModeRoutes, options);
  await app.register(loginRoutes, options);
  await app.register(logoutRoutes, options);
  await app.register(registrationRoutes, options);
  await app.register(passwordRoutes, options);
  await app.register(mfaRoutes, options);
  await app.register(organizationRoutes, options);
  await app.register(userRoutes, options);
  await app.register(samlRoutes, options);
}
