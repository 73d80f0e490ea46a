import type { FastifyInstance } from 'fastify';
import { issueSessionFor, type Services } from '../../services';
import { findUserByEmail, isSamlOnly, userOrganizations } from '../../auth/accounts';
import { verifyPassword } from '../../auth/passwords';
import { matchingStep } from '../../auth/totp';
import { claimLoginAttempt, loginSucceeded } from '../../auth/login-throttle';
import { audit } from '../../auth/audit';
import { HttpError } from '../errors';
import { routePath, routeSchema } from '../contract';

interface LoginBody {
  email: string;
  password: string;
  challenge?: string;
}

/** Marks a TOTP step used for the user; false when it (or a later one) was used already. */
async function claimTotpStep(services: Services, userId: string, step: number): Promise<boolean> {
  const rows = await services.db.query(
    'UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
    [userId, step],
  );
  return rows.length > 0;
}

/**
 * POST /login (spec section 4, step 3): 400 for wrong credentials, the same for an unknown e-mail;
 * 401 `www-authenticate: MFA` when a code is needed; another 401 for a wrong code; 200 with
 * {context, token}, and the MFA policy in `www-authenticate` while the user has no TOTP yet.
 */
export async function loginRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;
  const invalidCredentials = () => new HttpError(400, 'invalid_credentials', 'Incorrect email or password.');

  app.post<{ Body: LoginBody }>(routePath('login'), { schema: routeSchema('login') }, async (request, reply) => {
    const { email, password, challenge } = request.body;
    try {
      await claimLoginAttempt(db, request, email);
    } catch (error) {
      await audit(db, request, 'login.throttled');
      throw error;
    }
    const user = await findUserByEmail(db, email);
    const passwordMatches = await verifyPassword(user?.password_hash, password);
    const organizations = user ? await userOrganizations(db, user.id) : [];
    // A user whose organisations all sign in through SAML only has no password sign-in (spec 4.1).
    if (!user || !passwordMatches || isSamlOnly(organizations)) {
      await audit(db, request, 'login.failed', { userId: user?.id });
      throw invalidCredentials();
    }

    if (user.totp_secret) {
      if (challenge === undefined) {
        throw new HttpError(401, 'mfa_required', 'A code from the authenticator app is required.', { 'www-authenticate': 'MFA' });
      }
      const step = matchingStep(user.totp_secret, challenge);
      if (step === undefined || !(await claimTotpStep(services, user.id, step))) {
        await audit(db, request, 'login.mfa_failed', { userId: user.id });
        throw new HttpError(401, 'invalid_code', 'Invalid code.');
      }
    }

    await loginSucceeded(db, request, email);
    const session = await issueSessionFor(services, user, { via: 'password' }, organizations);
    await audit(db, request, 'login.succeeded', { userId: user.id, detail: { mfa: Boolean(user.totp_secret) } });
    if (!user.totp_secret) {
      // The policy decides whether MFA setup may be skipped (spec section 6): the strictest wins.
      const policy = session.organizations.some((organization) => organization.mfa_policy === 'REQUIRED') ? 'REQUIRED' : 'OPTIONAL';
      reply.header('www-authenticate', policy);
    }
    // A user in no organisation yet still gets a context: the API audience (README, "Sessions").
    return { context: session.contexts[0] ?? services.config.tokenAudience, token: session.token };
  });
}
