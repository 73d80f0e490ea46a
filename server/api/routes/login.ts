import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { signInWithPassword } from '../../auth/password-sign-in';
import type { Answer, Route } from '../contract';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';

export async function loginRoutes(app: FastifyInstance, { services }: { services: Services }) {
  /**
   * POST /login (flows 4.3): 400 for wrong credentials, the same for an unknown e-mail; 401
   * `www-authenticate: MFA` when a code is needed; another 401 for a wrong code; 200 with
   * {context, token}, and the MFA policy in `www-authenticate` while the user has no TOTP yet
   * (flows 4.4). With policy REQUIRED that token only sets up MFA (flows 6, server/auth/sign-in.ts).
   */
  app.post<Route<'login'>>(routePath('login'), routeOptions('login'), async (request, reply) => {
    const { email, password } = request.body;
    // An empty challenge is "no code yet", as on set-password (contract, LoginRequest).
    const challenge = request.body.challenge || undefined;
    const outcome = await signInWithPassword(services, { email, password, challenge, clientAddress: request.ip });
    switch (outcome.kind) {
      case 'invalid-credentials':
        throw new HttpError(400, 'invalid_credentials', 'Incorrect email or password.');
      case 'code-required':
        throw new HttpError(401, 'mfa_required', 'A code from the authenticator app is required.', { 'www-authenticate': 'MFA' });
      case 'invalid-code':
        throw new HttpError(401, 'invalid_code', 'Invalid code.');
      case 'signed-in':
        if (outcome.policy) reply.header('www-authenticate', outcome.policy);
        return { context: outcome.context, token: outcome.token } satisfies Answer<'login'>;
    }
  });
}
