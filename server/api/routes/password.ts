import type { FastifyInstance } from 'fastify';
import { issueSessionFor, type Services } from '../../services';
import { bearerToken } from '../../auth/guard';
import { findUserById } from '../../auth/accounts';
import { hashPassword, passwordProblems } from '../../auth/passwords';
import { LIMITS, limitByAddress } from '../../auth/rate-limit';
import { audit } from '../../auth/audit';
import { HttpError } from '../errors';
import { routePath, routeSchema } from '../contract';

/**
 * POST /set-password with an invitation, reset or session token (spec section 4, steps 10 and 12):
 * the password rules hold on the server too; a one-time token is spent only by a password that is
 * accepted; the answer is a new session token. A reset also ends the sign-in throttle.
 */
export async function passwordRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db, tokens } = services;

  app.post<{ Body: { password: string } }>(routePath('setPassword'), { schema: routeSchema('setPassword') }, async (request) => {
    await limitByAddress(db, LIMITS.setPassword, request);
    const token = bearerToken(request);
    const claims = await tokens.verifyForPasswordChange(token);
    const problems = passwordProblems(request.body.password);
    if (problems.length > 0) throw new HttpError(400, 'weak_password', `The password needs ${problems.join(', ')}.`);
    const user = await findUserById(db, claims.sub);
    if (!user) throw new HttpError(401, 'invalid_token', 'The token is not valid.');
    const hash = await hashPassword(request.body.password);
    if (claims.purpose !== 'session') await tokens.consumeOneTime(token);
    await db.query('UPDATE users SET password_hash = $2, failed_logins = 0, last_failed_login_at = NULL WHERE id = $1', [user.id, hash]);
    await audit(db, request, 'password.set', { userId: user.id, detail: { via: claims.purpose } });
    return { token: (await issueSessionFor(services, user)).token };
  });
}
