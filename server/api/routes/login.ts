import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { isSamlOnly } from '../../auth/accounts';
import { signInToken } from '../../auth/sign-in';
import { claimTotpStep, findUserByEmail } from '../../db/users';
import { userOrganizations } from '../../db/memberships';
import { audit } from '../../db/audit';
import { verifyPassword } from '../../auth/passwords';
import { matchingStep } from '../../auth/totp';
import { claimLoginAttempt, type LoginAttempt } from '../../auth/login-throttle';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';

interface LoginBody {
  email: string;
  password: string;
  challenge?: string;
}

export async function loginRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;
  const invalidCredentials = () => new HttpError(400, 'invalid_credentials', 'Incorrect email or password.');

  /**
   * POST /login (flows 4.3): 400 for wrong credentials, the same for an unknown e-mail; 401
   * `www-authenticate: MFA` when a code is needed; another 401 for a wrong code; 200 with
   * {context, token}, and the MFA policy in `www-authenticate` while the user has no TOTP yet
   * (flows 4.4). With policy REQUIRED that token only sets up MFA (flows 6, server/auth/sign-in.ts).
   */
  app.post<{ Body: LoginBody }>(routePath('login'), routeOptions('login'), async (request, reply) => {
    const { email, password } = request.body;
    // An empty challenge is "no code yet", as on set-password (contract, LoginRequest).
    const challenge = request.body.challenge || undefined;
    let attempt: LoginAttempt;
    try {
      attempt = await claimLoginAttempt(db, request.ip, email);
    } catch (error) {
      await audit(db, request.ip, 'login.throttled');
      throw error;
    }
    // Up to the password's verdict a known and an unknown e-mail read the same (a dummy hash stands
    // in for a missing one); the organisations are read only for the right password.
    const user = await findUserByEmail(db, email);
    const passwordMatches = await verifyPassword(user?.password_hash, password);
    const organizations = user && passwordMatches ? await userOrganizations(db, user.id) : [];
    // A user whose organisations all sign in through SAML only has no password sign-in (flows 4.1).
    if (!user || !passwordMatches || isSamlOnly(organizations)) {
      await audit(db, request.ip, 'login.failed', { userId: user?.id });
      throw invalidCredentials();
    }

    if (user.totp_secret) {
      if (challenge === undefined) {
        // The right password on its way to the code is not a failed attempt.
        await attempt.notAFailure();
        throw new HttpError(401, 'mfa_required', 'A code from the authenticator app is required.', { 'www-authenticate': 'MFA' });
      }
      const step = matchingStep(services.totpSecrets.open(user.id, user.totp_secret), challenge);
      if (step === undefined || !(await claimTotpStep(db, user.id, step))) {
        await audit(db, request.ip, 'login.mfa_failed', { userId: user.id });
        throw new HttpError(401, 'invalid_code', 'Invalid code.');
      }
    }

    await attempt.succeeded();
    const answer = await signInToken(services, user, { via: 'password' }, user.totp_secret ? ['pwd', 'otp'] : ['pwd'], organizations);
    await audit(db, request.ip, 'login.succeeded', { userId: user.id, detail: { mfa: Boolean(user.totp_secret), purpose: answer.purpose } });
    // The policy decides whether MFA setup may be skipped (flows 6): the strictest wins.
    if (!user.totp_secret) reply.header('www-authenticate', answer.policy);
    // A user in no organisation yet still gets a context: the API audience (contract, LoginResponse).
    return { context: answer.contexts[0] ?? services.config.tokenAudience, token: answer.token };
  });
}
