import type { FastifyInstance } from 'fastify';
import { issueSessionFor, type Services } from '../../services';
import { bearerToken } from '../../auth/guard';
import { findUserById, isSamlOnly, userOrganizations } from '../../auth/accounts';
import { hashPassword, passwordProblems } from '../../auth/passwords';
import { clearLoginFailures } from '../../auth/login-throttle';
import { LIMITS, limitByAddress } from '../../auth/rate-limit';
import { audit } from '../../auth/audit';
import { HttpError } from '../errors';
import { routePath, routeSchema } from '../contract';

const invalidToken = () => new HttpError(401, 'invalid_token', 'This link has already been used or has expired.');

/**
 * POST /set-password with an invitation, reset or session token (spec section 4, steps 10 and 12).
 * A spent link answers 401 before anything else; the password rules hold on the server too, and a
 * weak password leaves the link usable. Spending the link and storing the password happen in one
 * transaction. The new password ends every earlier session and link of the user, and the sign-in
 * lock of the e-mail; the answer is a new session token.
 */
export async function passwordRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db, tokens } = services;

  app.post<{ Body: { password: string } }>(routePath('setPassword'), { schema: routeSchema('setPassword') }, async (request) => {
    await limitByAddress(db, LIMITS.setPassword, request);
    const token = bearerToken(request);
    const claims = await tokens.verifyForPasswordChange(token);
    const oneTime = claims.purpose !== 'session';
    if (oneTime && !(await tokens.isUnspent(token, claims))) throw invalidToken();
    const problems = passwordProblems(request.body.password);
    if (problems.length > 0) throw new HttpError(400, 'weak_password', `The password needs ${problems.join(', ')}.`);
    const user = await findUserById(db, claims.sub);
    const organizations = user ? await userOrganizations(db, user.id) : [];
    // Users of SAML-only organisations sign in through their identity provider (spec 4.1).
    if (!user || isSamlOnly(organizations)) throw new HttpError(401, 'invalid_token', 'The token is not valid.');
    const hash = await hashPassword(request.body.password);

    await db.transaction(async (tx) => {
      if (oneTime && !(await tokens.spend(tx, token, claims))) throw invalidToken();
      await tx.query('UPDATE users SET password_hash = $2, session_generation = session_generation + 1 WHERE id = $1', [user.id, hash]);
      await tx.query('UPDATE one_time_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [user.id]);
    });
    await clearLoginFailures(db, user.email);
    await audit(db, request, 'password.set', { userId: user.id, detail: { via: claims.purpose } });
    return { token: (await issueSessionFor(services, user, { via: 'password' }, organizations)).token };
  });
}
