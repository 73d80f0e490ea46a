import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { LIMITS, limitByAddress } from '../../auth/rate-limit';
import { setPassword } from '../../auth/set-password';
import type { Answer, Route } from '../contract';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';
import { bearerToken, signedIn } from '../session-guard';
import { recordPasswordNoticeAnswer } from '../../auth/known-passwords';

export async function passwordRoutes(app: FastifyInstance, { services }: { services: Services }) {
  /**
   * POST {context}/user/password-notice: what the person chose when told that the password they
   * signed in with is one attackers try first (flows 4.17), for the audit log.
   */
  app.post<Route<'answerPasswordNotice'>>(
    routePath('answerPasswordNotice'),
    { ...routeOptions('answerPasswordNotice'), preHandler: app.requireAccountContext },
    async (request, reply) => {
      await recordPasswordNoticeAnswer(services, { userId: signedIn(request).user.id, choice: request.body.choice, clientAddress: request.ip });
      return reply.code(204).send();
    },
  );

  /**
   * POST /set-password with an invitation, reset or session token (flows 4.10 and 4.12;
   * server/auth/set-password.ts): a new session, or `{mfa: true}` for a link of a user with TOTP,
   * who signs in with a code; 401 for a spent link, 400 for a weak, known or wrong current password.
   */
  app.post<Route<'setPassword'>>(routePath('setPassword'), routeOptions('setPassword'), async (request) => {
    await limitByAddress(services.db, LIMITS.setPassword, request.ip);
    const { password, currentPassword } = request.body;
    const outcome = await setPassword(services, {
      token: bearerToken(request),
      password,
      currentPassword,
      clientAddress: request.ip,
      userAgent: request.headers['user-agent'],
      log: request.log,
    });
    switch (outcome.kind) {
      case 'link-spent':
        throw new HttpError(401, 'invalid_token', 'This link has already been used or has expired.');
      case 'no-password-account':
        throw new HttpError(401, 'invalid_token', 'The token is not valid.');
      case 'current-password-with-link':
        throw new HttpError(400, 'validation_failed', 'currentPassword goes with a session token only: a link proves the address.');
      case 'current-password-missing':
        throw new HttpError(400, 'validation_failed', 'Changing the password of a session needs the current password (currentPassword).');
      case 'wrong-current-password':
        throw new HttpError(400, 'invalid_credentials', 'The current password is not right.');
      case 'unchanged-password':
        throw new HttpError(400, 'password_unchanged', 'The new password must differ from the current one.');
      case 'weak-password':
        throw new HttpError(400, 'weak_password', `The password needs ${outcome.problems.join(', ')}.`);
      case 'known-password':
        throw new HttpError(
          400,
          'password_compromised',
          'This password is among those attackers try first (known from breaches, common, or made of your own e-mail or organisation): choose another.',
        );
      case 'code-required':
        return { mfa: true } satisfies Answer<'setPassword'>;
      case 'signed-in':
        return { token: outcome.token } satisfies Answer<'setPassword'>;
    }
  });
}
