import type { FastifyInstance } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Services } from '../../services';
import { addPasskey, listPasskeys, passkeyRegistrationOptions, removePasskey } from '../../auth/passkey-registration';
import { passkeySignInOptions, signInWithPasskey, type PasskeySignIn } from '../../auth/passkey-sign-in';
import type { Answer, Route } from '../contract';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';
import { signedIn } from '../session-guard';
import { deviceOfRequest } from '../device-cookie';
import { countedSignIn } from '../sign-in-counts';
import type { SignInOutcome } from '../../metrics/sign-ins';

const PASSKEY_OUTCOMES: Record<PasskeySignIn['kind'], SignInOutcome> = { rejected: 'failed', 'saml-only': 'sso_required', 'signed-in': 'succeeded' };

const rejected = () => new HttpError(400, 'passkey_rejected', 'The passkey could not be verified.');
const recentSignInRequired = (doing = 'Adding') =>
  new HttpError(403, 'recent_sign_in_required', `${doing} a passkey needs a sign-in with everything the account has in the last 10 minutes.`);

/**
 * Passkeys (flows 4.14, server/auth/passkey-sign-in.ts and passkey-registration.ts). The contract's
 * schemas check the shape of an authenticator's answer; its content is the library's to check, so
 * the body is handed on as the library's type.
 */
export async function passkeyRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post<Route<'passkeySignInOptions'>>(routePath('passkeySignInOptions'), routeOptions('passkeySignInOptions'), async (request) => {
    return (await passkeySignInOptions(services, { email: request.body.email, clientAddress: request.ip })) satisfies Answer<'passkeySignInOptions'>;
  });

  app.post<Route<'signInWithPasskey'>>(routePath('signInWithPasskey'), routeOptions('signInWithPasskey'), async (request, reply) => {
    const signingIn = signInWithPasskey(services, {
      response: request.body.response as AuthenticationResponseJSON,
      clientAddress: request.ip,
      userAgent: request.headers['user-agent'],
      device: deviceOfRequest(request, reply, services.config),
    });
    const outcome = await countedSignIn(services, 'passkey', (result) => PASSKEY_OUTCOMES[result.kind], signingIn);
    switch (outcome.kind) {
      case 'rejected':
        throw rejected();
      case 'saml-only':
        throw new HttpError(403, 'sso_required', "This account signs in through its organisation's identity provider.");
      case 'signed-in':
        return { context: outcome.context, token: outcome.token, termsAccepted: outcome.termsAccepted } satisfies Answer<'signInWithPasskey'>;
    }
  });

  const guarded = { preHandler: app.requireAccountContext };

  app.get<Route<'listPasskeys'>>(routePath('listPasskeys'), { ...routeOptions('listPasskeys'), ...guarded }, async (request) => {
    return (await listPasskeys(services, signedIn(request).user.id)) satisfies Answer<'listPasskeys'>;
  });

  app.post<Route<'passkeyRegistrationOptions'>>(
    routePath('passkeyRegistrationOptions'),
    { ...routeOptions('passkeyRegistrationOptions'), ...guarded },
    async (request) => {
      const outcome = await passkeyRegistrationOptions(services, { session: signedIn(request), clientAddress: request.ip });
      if (outcome.kind === 'recent-sign-in-required') throw recentSignInRequired();
      return outcome.options satisfies Answer<'passkeyRegistrationOptions'>;
    },
  );

  app.post<Route<'addPasskey'>>(routePath('addPasskey'), { ...routeOptions('addPasskey'), ...guarded }, async (request, reply) => {
    const { response, name } = request.body;
    const outcome = await addPasskey(
      services,
      { session: signedIn(request), clientAddress: request.ip },
      { response: response as RegistrationResponseJSON, name },
    );
    switch (outcome.kind) {
      case 'recent-sign-in-required':
        throw recentSignInRequired();
      case 'rejected':
        throw rejected();
      case 'added':
        return reply.code(201).send(outcome.passkey satisfies Answer<'addPasskey', 201>);
    }
  });

  app.delete<Route<'removePasskey'>>(routePath('removePasskey'), { ...routeOptions('removePasskey'), ...guarded }, async (request, reply) => {
    const outcome = await removePasskey(services, { session: signedIn(request), clientAddress: request.ip }, request.params.passkeyId);
    switch (outcome.kind) {
      case 'recent-sign-in-required':
        throw recentSignInRequired('Removing');
      case 'not-found':
        throw new HttpError(404, 'not_found', 'No such passkey.');
      case 'removed':
        return reply.code(204).send();
    }
  });
}
