/**
 * SAML single sign-on (spec 4.1, 4.2 and 7; contract operations getSamlLoginUrl and
 * samlAssertionConsumer): the identity provider URL that starts a login, and the assertion consumer
 * service the IdP posts its response to. Mounted under the API base path.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { issueSessionFor, type Services } from '../services';
import { HttpError } from '../api/errors';
import { findOrganization } from '../auth/accounts';
import { createServiceProvider, samlOrganization, type SamlOrganization } from './service-provider';
import { createRequestStore } from './request-store';
import { acceptSamlResponse, SamlRejection, type SamlResponseForm } from './assertion-consumer';
import { isFrontDoorLocation, ssoSuccessUrl } from './return-to';
import { routePath, routeSchema } from '../api/contract';
import { audit } from '../auth/audit';
import { LIMITS, limitByAddress } from '../auth/rate-limit';
import { acceptFormBodies, requireFormBody } from './form-body';

/** Room for a signed response with a certificate, many attributes or an encrypted assertion. */
const ACS_BODY_LIMIT = 128 * 1024;

interface DomainParams {
  domain: string;
}

/** A request ID that is a valid xsd:ID and fits in RelayState (at most 80 bytes). */
function newRequestId(): string {
  return `_${randomBytes(20).toString('hex')}`;
}

async function organizationWithSaml(services: Services, context: string): Promise<SamlOrganization> {
  const organization = samlOrganization(await findOrganization(services.db, context));
  if (!organization) throw new HttpError(404, 'not_found', 'No organisation with SAML has this context.');
  return organization;
}

export async function samlRoutes(app: FastifyInstance, options: { services: Services }) {
  const { services } = options;
  acceptFormBodies(app);

  app.get<{ Params: DomainParams; Querystring: { email?: string; returnTo?: string } }>(
    routePath('getSamlLoginUrl'),
    { schema: routeSchema('getSamlLoginUrl') },
    async (request, reply) => {
      await limitByAddress(services.db, LIMITS.saml, request);
      const organization = await organizationWithSaml(services, request.params.domain);
      const { email, returnTo = '' } = request.query;
      if (returnTo && !isFrontDoorLocation(returnTo, services.config.publicUrl)) {
        throw new HttpError(400, 'validation_failed', 'returnTo must be a path or URL on the front door.');
      }
      const requestId = newRequestId();
      const provider = createServiceProvider(services.config, organization, {
        cacheProvider: createRequestStore(services.db, organization.context, { returnTo }),
        requestId,
      });
      // HTTP-Redirect binding; RelayState names the request. login_hint is honoured by IdPs that know it.
      const url = await provider.getAuthorizeUrlAsync(requestId, undefined, {
        additionalParams: email ? { login_hint: email } : {},
      });
      return reply.type('text/plain; charset=utf-8').send(url);
    },
  );

  app.post<{ Params: DomainParams; Body: SamlResponseForm }>(
    routePath('samlAssertionConsumer'),
    { bodyLimit: ACS_BODY_LIMIT, onRequest: requireFormBody, schema: routeSchema('samlAssertionConsumer') },
    async (request, reply) => {
      await limitByAddress(services.db, LIMITS.saml, request);
      const organization = await organizationWithSaml(services, request.params.domain);
      const login = await acceptSamlResponse(services, organization, request.body).catch(async (error: unknown) => {
        if (!(error instanceof SamlRejection)) throw error;
        // The reason only: never the response, its NameID or a token (server/logger.ts).
        request.log.warn({ context: organization.context, reason: error.message }, 'SAML response rejected');
        await audit(services.db, request, 'saml.rejected', { context: organization.context, detail: { reason: error.message } });
        throw new HttpError(400, 'saml_rejected', 'The SAML response could not be validated.');
      });
      const { token } = await issueSessionFor(services, login.user, { via: 'saml', context: organization.context });
      await audit(services.db, request, 'saml.login_succeeded', { userId: login.user.id, context: organization.context });
      return reply.redirect(ssoSuccessUrl(services.config.publicUrl, token, login.returnTo), 303);
    },
  );
}
