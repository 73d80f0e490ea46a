import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { authenticate, requireContext } from '../../auth/guard';
import { findUserById } from '../../auth/accounts';
import { matchingStep, newTotpSecret, otpauthUri } from '../../auth/totp';
import { LIMITS, enforce } from '../../auth/rate-limit';
import { audit } from '../../auth/audit';
import { HttpError } from '../errors';
import { routePath, routeSchema } from '../contract';

export const TOTP_ISSUER = 'Frontdoor';

/**
 * POST /{context}/user/setMfa (spec section 4, step 6). Without a body: a new secret, kept as pending,
 * answered as an otpauth URI. With {mfaSecret, challenge}: the pending secret and a valid code
 * enable TOTP; the code's step counts as used.
 */
export async function mfaRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db, tokens } = services;

  app.post<{ Params: { context: string }; Body: { mfaSecret: string; challenge: string } | null }>(
    routePath('setMfa'),
    { schema: routeSchema('setMfa') },
    async (request, reply) => {
      const claims = await authenticate(tokens, request);
      await requireContext(db, claims, request.params.context);
      await enforce(db, LIMITS.setMfa, claims.sub);
      const user = await findUserById(db, claims.sub);
      if (!user) throw new HttpError(401, 'invalid_token', 'The token is not valid.');

      if (request.body === null) {
        const secret = newTotpSecret();
        await db.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [user.id, secret]);
        await audit(db, request, 'mfa.setup_started', { userId: user.id, context: request.params.context });
        return reply.type('text/plain; charset=utf-8').send(otpauthUri(secret, user.email, TOTP_ISSUER));
      }

      const { mfaSecret, challenge } = request.body;
      // The update below only takes the secret this user was offered (totp_pending_secret).
      const step = matchingStep(mfaSecret, challenge);
      const enabled =
        step !== undefined &&
        (
          await db.query(
            `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $3
             WHERE id = $1 AND totp_pending_secret = $2 RETURNING id`,
            [user.id, mfaSecret, step],
          )
        ).length > 0;
      if (!enabled) {
        await audit(db, request, 'mfa.confirmation_failed', { userId: user.id, context: request.params.context });
        throw new HttpError(400, 'invalid_code', 'Invalid code.');
      }
      await audit(db, request, 'mfa.enabled', { userId: user.id, context: request.params.context });
      return reply.code(204).send();
    },
  );
}
