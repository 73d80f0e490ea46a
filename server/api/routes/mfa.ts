import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { LIMITS, enforce } from '../../auth/rate-limit';
import { renewRecoveryCodes } from '../../auth/recovery-code-renewal';
import { confirmTotpSecret, offerTotpSecret, type EnrolmentRefusal } from '../../auth/totp-enrolment';
import type { Answer, Route } from '../contract';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';
import { signedIn } from '../session-guard';

const REFUSALS: Record<EnrolmentRefusal, string> = {
  mfa_managed_by_identity_provider: "The organisation's identity provider answers for the second factor of this sign-in.",
  recent_password_required: 'Setting up a second factor needs a sign-in with the password in the last 10 minutes.',
  recent_sign_in_required: 'Replacing the authenticator needs a sign-in with everything the account has, or with a recovery code, in the last 10 minutes.',
};

const refused = (reason: EnrolmentRefusal) => new HttpError(403, reason, REFUSALS[reason]);

export async function mfaRoutes(app: FastifyInstance, { services }: { services: Services }) {
  /**
   * POST /{context}/user/setMfa (flows 4.6). Without a body: a new secret, answered as an otpauth
   * URI. With {mfaSecret, challenge}: the confirmation, answered as a full session
   * (server/auth/totp-enrolment.ts). The first secret is enrolled only by its owner: 403 otherwise.
   */
  app.post<Route<'setMfa'>>(routePath('setMfa'), { ...routeOptions('setMfa'), preHandler: app.requireMfaSetup }, async (request, reply) => {
    const session = signedIn(request);
    await enforce(services.db, LIMITS.setMfa, session.user.id);
    const enrolment = { session, context: request.params.context, clientAddress: request.ip };

    if (request.body === null) {
      const offer = await offerTotpSecret(services, enrolment);
      if (offer.kind === 'refused') throw refused(offer.reason);
      return reply.type('text/plain; charset=utf-8').send(offer.otpauthUri);
    }

    const outcome = await confirmTotpSecret(services, enrolment, request.body);
    switch (outcome.kind) {
      case 'refused':
        throw refused(outcome.reason);
      case 'current-code-required':
        throw new HttpError(400, 'current_code_required', 'Replacing TOTP needs a code of the authenticator app in use (currentChallenge).');
      case 'invalid-code':
        throw new HttpError(400, 'invalid_code', 'Invalid code.');
      case 'enabled':
        return { token: outcome.token, recoveryCodes: outcome.recoveryCodes } satisfies Answer<'setMfa'>;
    }
  });

  /**
   * POST /{context}/user/recoveryCodes (server-defined; flows 4.6): ten new recovery codes for a
   * session, proved by a current TOTP code; the old set stops working
   * (server/auth/recovery-code-renewal.ts).
   */
  app.post<Route<'renewRecoveryCodes'>>(
    routePath('renewRecoveryCodes'),
    { ...routeOptions('renewRecoveryCodes'), preHandler: app.requireAccountContext },
    async (request) => {
      const session = signedIn(request);
      await enforce(services.db, LIMITS.setMfa, session.user.id);
      const outcome = await renewRecoveryCodes(services, {
        session,
        context: request.params.context,
        challenge: request.body.challenge,
        clientAddress: request.ip,
      });
      if (outcome.kind === 'totp-required') throw new HttpError(400, 'totp_required', 'Recovery codes need TOTP in force.');
      if (outcome.kind === 'invalid-code') throw new HttpError(400, 'invalid_code', 'Invalid code.');
      return { recoveryCodes: outcome.recoveryCodes } satisfies Answer<'renewRecoveryCodes'>;
    },
  );
}
