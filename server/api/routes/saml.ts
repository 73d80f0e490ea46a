/**
 * SAML single sign-on (flows 4.1, 4.2 and 7; contract operations getSamlLoginUrl,
 * samlAssertionConsumer and confirmSamlSession): the identity provider URL that starts a login, the
 * assertion consumer service the IdP posts its response to, and the app's confirmation of the
 * session it came back with. The SAML checks themselves live in server/saml; the binding of a
 * sign-in to the browser that started it in server/saml/browser-binding.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Services } from '../../services';
import { organizationNamed, recordSamlRejection, recordSamlSessionRefused, samlOrganizationOf, signInThroughIdentityProvider } from '../../auth/saml-sign-in';
import { oidcOrganization } from '../../oidc-rp/relying-party';
import { startOidcSignIn } from './oidc-idp';
import { sessionTermsAccepted } from '../../auth/sign-in';
import { HttpError } from '../errors';
import { LIMITS, limitByAddress } from '../../auth/rate-limit';
import { createServiceProvider, samlOrganization, type SamlOrganization } from '../../saml/service-provider';
import { createRequestStore } from '../../saml/request-store';
import { acceptSamlResponse, SamlRejection } from '../../saml/assertion-consumer';
import { isFrontDoorLocation, ssoRefusedUrl, ssoSuccessUrl } from '../../saml/return-to';
import { acceptFormBodies, requireFormBody } from '../../saml/form-body';
import { bindNewRequest, bindSession, startedInThisBrowser, takeSessionBinding } from '../../saml/browser-binding';
import type { Answer, Route } from '../contract';
import { routeOptions, routePath } from '../openapi-schemas';
import { bearerToken } from '../session-guard';
import { deviceOfRequest } from '../device-cookie';
import { countedSignIn } from '../sign-in-counts';
import { signedInFrom } from '../../auth/devices';
import { sessionBeganIn } from '../../auth/sessions';

/** Room for a signed response with a certificate, many attributes or an encrypted assertion. */
const ACS_BODY_LIMIT = 128 * 1024;

function withSaml(organization: SamlOrganization | undefined): SamlOrganization {
  if (!organization) throw new HttpError(404, 'not_found', 'No organisation with SAML has this name.');
  return organization;
}

export async function samlRoutes(app: FastifyInstance, options: { services: Services }) {
  const { services } = options;
  acceptFormBodies(app);

  /**
   * GET /saml2/{domain}/login — the identity provider URL that starts a SAML login (flows 4.1, 4.2).
   * `domain` is an e-mail domain the organisation claims or its context; `email` may be empty (the
   * automatic redirect has none).
   */
  app.get<Route<'getSamlLoginUrl'>>(routePath('getSamlLoginUrl'), routeOptions('getSamlLoginUrl'), async (request, reply) => {
    await limitByAddress(services.db, LIMITS.saml, request.ip);
    const named = await organizationNamed(services.db, request.params.domain);
    const { email, returnTo = '' } = request.query;
    if (returnTo && !isFrontDoorLocation(returnTo, services.config.publicUrl)) {
      throw new HttpError(400, 'validation_failed', 'returnTo must be a path or URL on the front door.');
    }
    // An organisation whose identity provider is an OpenID Provider (docs/federation.md).
    const oidc = oidcOrganization(named, services.config.devPages);
    if (oidc) return reply.type('text/plain; charset=utf-8').send(await startOidcSignIn(services, reply, oidc, { email: email || undefined, returnTo }));
    const organization = withSaml(samlOrganization(named));
    const requestId = bindNewRequest(reply, services.config, organization.context);
    const provider = createServiceProvider(services.config, organization, {
      cacheProvider: createRequestStore(services.db, organization.context, { returnTo }),
      requestId,
    });
    // HTTP-Redirect binding; RelayState names the request. login_hint is honoured by IdPs that know it.
    const url = await provider.getAuthorizeUrlAsync(requestId, undefined, {
      additionalParams: email ? { login_hint: email } : {},
    });
    return reply.type('text/plain; charset=utf-8').send(url);
  });

  /** The identity provider's response checked and turned into a session, or refused. */
  async function consumeAssertion(request: FastifyRequest<Route<'samlAssertionConsumer'>>, reply: FastifyReply) {
    await limitByAddress(services.db, LIMITS.saml, request.ip);
    // The assertion consumer is addressed by the exact context the login URL gave the IdP.
    const organization = withSaml(await samlOrganizationOf(services.db, request.params.domain));
    const refuse = async (reason: string) => {
      // The reason only: never the response, its NameID or a token (server/logger.ts).
      request.log.warn({ context: organization.context, reason }, 'SAML response rejected');
      await recordSamlRejection(services, { context: organization.context, clientAddress: request.ip }, reason);
      return new HttpError(400, 'saml_rejected', 'The SAML response could not be validated.');
    };
    // Before anything is validated or spent: an answer posted by a browser that did not start
    // this login (another site's auto-submitting form) hands out nothing (server/saml/browser-binding.ts).
    if (!startedInThisBrowser(request, request.body.RelayState)) throw await refuse('the browser did not start this login');
    const login = await acceptSamlResponse(services, organization, request.body).catch(async (error: unknown) => {
      if (!(error instanceof SamlRejection)) throw error;
      throw await refuse(error.message);
    });
    const signIn = await signInThroughIdentityProvider(
      services,
      organization,
      login.email,
      { context: organization.context, clientAddress: request.ip, userAgent: request.headers['user-agent'] },
      'saml',
    );
    if (signIn.kind === 'refused') {
      // A real person the organisation does not let in: the front door says why (server/auth/provisioning.ts).
      await refuse(signIn.reason);
      return { outcome: 'failed' as const, reply: reply.redirect(ssoRefusedUrl(services.config.publicUrl, signIn.refusal, login.returnTo), 303) };
    }
    const { jti } = decodeJwt(signIn.token);
    if (!jti) throw new Error('A session token without a jti cannot be bound to the browser.');
    bindSession(reply, services.config, organization.context, jti);
    return { outcome: 'succeeded' as const, reply: reply.redirect(ssoSuccessUrl(services.config.publicUrl, signIn.token, login.returnTo), 303) };
  }

  /** POST /saml2/{domain}/acs — the identity provider's response; a session for the front door (server-defined). */
  app.post<Route<'samlAssertionConsumer'>>(
    routePath('samlAssertionConsumer'),
    { ...routeOptions('samlAssertionConsumer'), bodyLimit: ACS_BODY_LIMIT, onRequest: requireFormBody },
    async (request, reply) => (await countedSignIn(services, 'saml', (consumed) => consumed.outcome, consumeAssertion(request, reply))).reply,
  );

  /**
   * POST /saml2/session — the app confirms the `lcq` it arrived with before storing it: a valid
   * session that the assertion consumer handed out to this very browser, once (server-defined),
   * answered with the session's contexts whose current terms are accepted.
   */
  app.post<Route<'confirmSamlSession'>>(routePath('confirmSamlSession'), routeOptions('confirmSamlSession'), async (request, reply) => {
    await limitByAddress(services.db, LIMITS.saml, request.ip);
    const { claims, user } = await services.tokens.verifySessionUser(bearerToken(request));
    if (!takeSessionBinding(request, reply, services.config, claims.jti)) {
      await recordSamlSessionRefused(services, user.id, request.ip);
      throw new HttpError(403, 'forbidden', 'This session was not handed out to this browser.');
    }
    // The identity provider's POST carried no device cookie (SameSite): the browser's own call tells it.
    const device = deviceOfRequest(request, reply, services.config);
    await signedInFrom(services, { userId: user.id, device, userAgent: request.headers['user-agent'] });
    if (claims.sid !== undefined) await sessionBeganIn(services.db, claims.sid, device);
    // What decides where the sign-in goes next, as after a password (contract, LoginResponse).
    return { termsAccepted: await sessionTermsAccepted(services.db, user.id, claims.contexts) } satisfies Answer<'confirmSamlSession'>;
  });
}
