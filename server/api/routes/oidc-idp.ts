/**
 * GET /oidc-idp/{context}/callback: an organisation's OpenID Provider sends the browser back here
 * (docs/federation.md). The answer is checked (server/oidc-rp/relying-party.ts) against what this
 * browser started (server/oidc-rp/state-cookie.ts); the person it vouches for comes in as through
 * SAML, and the browser goes on to /login/sso/success with the session, or with why not.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { decodeJwt } from 'jose';
import type { Services } from '../../services';
import { oidcOrganizationOf, recordIdentityProviderRejection, signInThroughIdentityProvider } from '../../auth/saml-sign-in';
import type { SsoRefusal } from '../../auth/provisioning';
import { LIMITS, limitByAddress } from '../../auth/rate-limit';
import {
  authorizationRequest,
  clientSecretBinding,
  providerConfiguration,
  redirectUri,
  vouchedAddress,
  type OidcOrganization,
} from '../../oidc-rp/relying-party';
import { holdAuthorization, takeAuthorization } from '../../oidc-rp/state-cookie';
import { ssoRefusedUrl, ssoSuccessUrl } from '../../saml/return-to';
import { bindSession } from '../../saml/browser-binding';
import { HttpError } from '../errors';
import type { Route } from '../contract';
import { routeOptions, routePath } from '../openapi-schemas';
import { countedSignIn } from '../sign-in-counts';

/**
 * The provider's authorization URL for this browser's sign-in (getSamlLoginUrl answers it), what it
 * is checked against held in the browser's sealed cookie. A provider whose discovery cannot be read
 * answers 503: the person may try again, the front door is fine.
 */
export async function startOidcSignIn(
  services: Services,
  reply: FastifyReply,
  organization: OidcOrganization,
  options: { email: string | undefined; returnTo: string },
): Promise<string> {
  const { config } = services;
  const secret = services.identityProviderSealing.open(clientSecretBinding(organization.id), organization.oidc_client_secret);
  if (!secret) throw new Error(`The OpenID Provider's client secret of ${organization.context} does not open with this TOTP_KEY: set it again with set-oidc.`);
  const configuration = await providerConfiguration(organization, secret, config.devPages).catch((error: unknown) => {
    reply.log.warn({ context: organization.context, err: error }, 'the OpenID Provider could not be reached');
    throw new HttpError(503, 'service_unavailable', 'The organisation’s identity provider cannot be reached for now; try again shortly.', {
      'retry-after': '30',
    });
  });
  const { url, pending } = await authorizationRequest(configuration, { redirectUri: redirectUri(config, organization.context), ...options });
  holdAuthorization(reply, config, services.identityProviderSealing, organization.context, pending);
  return url.href;
}

export async function oidcIdentityProviderRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { config, db } = services;

  app.get<Route<'oidcIdentityProviderCallback'>>(routePath('oidcIdentityProviderCallback'), routeOptions('oidcIdentityProviderCallback'), (request, reply) =>
    countedSignIn(
      services,
      'saml',
      (outcome) => outcome,
      (async () => {
        await limitByAddress(db, LIMITS.saml, request.ip);
        const organization = await oidcOrganizationOf(db, request.params.context, config.devPages);
        if (!organization) throw new HttpError(404, 'not_found', 'No organisation with an OpenID Provider has this context.');
        const { context } = organization;
        const pending = takeAuthorization(request, reply, config, services.identityProviderSealing, context);
        const refuse = async (reason: string, refusal: SsoRefusal = 'failed') => {
          // The reason only: never the code, a token or a claim's value (server/logger.ts).
          request.log.warn({ context, reason }, 'OpenID Provider sign-in refused');
          await recordIdentityProviderRejection(services, { context, clientAddress: request.ip }, 'oidc', reason);
          await reply.redirect(ssoRefusedUrl(config.publicUrl, refusal, pending?.returnTo ?? ''), 303);
          return 'failed' as const;
        };
        if (!pending) return refuse('the browser did not start this sign-in');
        const secret = services.identityProviderSealing.open(clientSecretBinding(organization.id), organization.oidc_client_secret);
        if (!secret) return refuse('the client secret does not open with this TOTP_KEY: set it again with set-oidc');
        const configuration = await providerConfiguration(organization, secret, config.devPages).catch(() => undefined);
        if (!configuration) return refuse('the discovery document could not be read');
        const vouched = await vouchedAddress(configuration, new URL(request.url, config.publicUrl), pending);
        if (vouched.kind === 'rejected') return refuse(vouched.reason);
        const signIn = await signInThroughIdentityProvider(
          services,
          organization,
          vouched.email,
          { context, clientAddress: request.ip, userAgent: request.headers['user-agent'] },
          'oidc',
        );
        if (signIn.kind === 'refused') return refuse(signIn.reason, signIn.refusal);
        const { jti } = decodeJwt(signIn.token);
        if (!jti) throw new Error('A session token without a jti cannot be bound to the browser.');
        bindSession(reply, config, context, jti);
        await reply.redirect(ssoSuccessUrl(config.publicUrl, signIn.token, pending.returnTo), 303);
        return 'succeeded' as const;
      })(),
    ).then(() => reply),
  );
}
