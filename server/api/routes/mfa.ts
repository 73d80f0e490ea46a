import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { confirmPendingTotpSecret, setPendingTotpSecret } from '../../db/users';
import { audit } from '../../db/audit';
import { matchingStep, newTotpSecret, otpauthUri } from '../../auth/totp';
import { LIMITS, enforce } from '../../auth/rate-limit';
import type { AuthMethod } from '../../auth/tokens';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';
import { signedIn } from '../session-guard';

export const TOTP_ISSUER = 'Frontdoor';

interface MfaConfirmation {
  mfaSecret: string;
  challenge: string;
  /** A code of the TOTP secret in force, when the user replaces it. */
  currentChallenge?: string;
}

export async function mfaRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db, tokens } = services;
  const invalidCode = () => new HttpError(400, 'invalid_code', 'Invalid code.');

  /**
   * POST /{context}/user/setMfa (spec 4.6). Without a body: a new secret, kept as the only pending
   * one, answered as an otpauth URI. With {mfaSecret, challenge}: the latest offered secret and a
   * valid code of it enable TOTP (a user who has TOTP also sends a code of the secret in force), the
   * code's step counts as used, and the answer is a full session with `otp` among its methods. The
   * token may be the one a password sign-in answers to a user who must set up MFA (spec 6); that one
   * is revoked by the confirmation.
   */
  app.post<{ Params: { context: string }; Body: MfaConfirmation | null }>(
    routePath('setMfa'),
    { ...routeOptions('setMfa'), preHandler: app.requireMfaSetup },
    async (request, reply) => {
      const { claims, user } = signedIn(request);
      const { context } = request.params;
      await enforce(db, LIMITS.setMfa, user.id);

      if (request.body === null) {
        const secret = newTotpSecret();
        await setPendingTotpSecret(db, user.id, secret);
        await audit(db, request.ip, 'mfa.setup_started', { userId: user.id, context });
        return reply.type('text/plain; charset=utf-8').send(otpauthUri(secret, user.email, TOTP_ISSUER));
      }

      const { mfaSecret, challenge, currentChallenge } = request.body;
      if (user.totp_secret && currentChallenge === undefined) {
        throw new HttpError(400, 'current_code_required', 'Replacing TOTP needs a code of the authenticator app in use (currentChallenge).');
      }
      const refused = async () => {
        await audit(db, request.ip, 'mfa.confirmation_failed', { userId: user.id, context });
        return invalidCode();
      };
      let replaced: { secret: string; step: number } | undefined;
      if (user.totp_secret) {
        const currentStep = matchingStep(user.totp_secret, currentChallenge ?? '');
        if (currentStep === undefined) throw await refused();
        replaced = { secret: user.totp_secret, step: currentStep };
      }
      const step = matchingStep(mfaSecret, challenge);
      if (step === undefined || !(await confirmPendingTotpSecret(db, user.id, { secret: mfaSecret, step }, replaced))) throw await refused();
      await audit(db, request.ip, 'mfa.enabled', { userId: user.id, context, detail: { replaced: Boolean(replaced) } });
      if (claims.purpose === 'mfa-setup') await tokens.revoke(claims);
      const amr: AuthMethod[] = [...new Set<AuthMethod>([...(claims.amr ?? []), 'otp'])];
      const grant = { userId: user.id, email: user.email, contexts: claims.contexts, amr, purpose: 'session' as const, generation: user.session_generation };
      return { token: await tokens.issueSignIn(grant) };
    },
  );
}
