import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { isSamlOnly } from '../../auth/accounts';
import { signInToken } from '../../auth/sign-in';
import { findUserById, setPasswordHash } from '../../db/users';
import { userOrganizations } from '../../db/memberships';
import { spendUserOneTimeTokens } from '../../db/tokens';
import { audit } from '../../db/audit';
import { hashPassword, passwordProblems, verifyPassword } from '../../auth/passwords';
import { claimLoginAttempt, clearLoginFailures } from '../../auth/login-throttle';
import { LIMITS, limitByAddress } from '../../auth/rate-limit';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';
import { bearerToken } from '../session-guard';

interface SetPasswordBody {
  password: string;
  challenge?: string;
  /** Required with a session token (changing a password), refused with a link's token. */
  currentPassword?: string;
}

const invalidToken = () => new HttpError(401, 'invalid_token', 'This link has already been used or has expired.');

export async function passwordRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db, tokens } = services;

  /**
   * POST /set-password with an invitation, reset or session token (flows 4.10 and 4.12). A spent link
   * answers 401 before anything else. A session changes its password only with the current one
   * (OWASP ASVS: current and new password); a link proves the address instead. The password rules
   * hold on the server too, and a weak password leaves the link usable. Spending the link and
   * storing the password happen in one transaction; the new password ends every earlier session and
   * link of the user, and the sign-in lock of the e-mail.
   *
   * The answer: for a session, a new session like it; for a link, what a sign-in with the password
   * alone would answer, except that a user with TOTP gets no session but `{mfa: true}` and signs in
   * with a code, so a reset never skips the second factor.
   */
  app.post<{ Body: SetPasswordBody }>(routePath('setPassword'), routeOptions('setPassword'), async (request) => {
    await limitByAddress(db, LIMITS.setPassword, request.ip);
    const token = bearerToken(request);
    const claims = await tokens.verifyForPasswordChange(token);
    const viaLink = claims.purpose !== 'session';
    if (viaLink && !(await tokens.isUnspent(token, claims))) throw invalidToken();
    const { password, currentPassword } = request.body;
    if (viaLink && currentPassword !== undefined) {
      throw new HttpError(400, 'validation_failed', 'currentPassword goes with a session token only: a link proves the address.');
    }
    if (!viaLink && currentPassword === undefined) {
      throw new HttpError(400, 'validation_failed', 'Changing the password of a session needs the current password (currentPassword).');
    }
    const user = await findUserById(db, claims.sub);
    const organizations = user ? await userOrganizations(db, user.id) : [];
    // Users of SAML-only organisations sign in through their identity provider (flows 4.1).
    if (!user || isSamlOnly(organizations)) throw new HttpError(401, 'invalid_token', 'The token is not valid.');
    if (currentPassword !== undefined) {
      // Guessing the current password through a stolen session costs what guessing it at login does.
      const attempt = await claimLoginAttempt(db, request.ip, user.email);
      if (!(await verifyPassword(user.password_hash, currentPassword))) {
        await audit(db, request.ip, 'password.change_refused', { userId: user.id });
        throw new HttpError(400, 'invalid_credentials', 'The current password is not right.');
      }
      await attempt.succeeded();
    }
    const problems = passwordProblems(password);
    if (problems.length > 0) throw new HttpError(400, 'weak_password', `The password needs ${problems.join(', ')}.`);
    const hash = await hashPassword(password);

    const generation = await db.transaction(async (tx) => {
      if (viaLink && !(await tokens.spend(tx, token, claims))) throw invalidToken();
      const next = await setPasswordHash(tx, user.id, hash);
      await spendUserOneTimeTokens(tx, user.id);
      return next;
    });
    await clearLoginFailures(db, user.email);
    await audit(db, request.ip, 'password.set', { userId: user.id, detail: { via: claims.purpose } });
    if (!viaLink) {
      const grant = { userId: user.id, email: user.email, contexts: claims.contexts, amr: claims.amr ?? ['pwd'], purpose: 'session' as const, generation };
      return { token: await tokens.issueSignIn(grant) };
    }
    if (user.totp_secret) return { mfa: true };
    return { token: (await signInToken(services, { ...user, session_generation: generation }, { via: 'password' }, ['pwd'], organizations)).token };
  });
}
