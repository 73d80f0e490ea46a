/**
 * Who is calling, for the authenticated operations (flows 7: authenticated calls send a bearer token;
 * flows 6: a session reaches the contexts in its token). Each route names one guard as its preHandler
 * and reads the result with `signedIn(request)`:
 * - `requireContext`: a full session that reaches the path's organisation;
 * - `requireAccountContext`: the same, or the API audience as context, which stands for the user's
 *   own account (a user in no organisation signs in with it, contract LoginResponse);
 * - `requireMfaSetup`: like requireAccountContext, also taking the token a password sign-in answers
 *   to a user who must set up MFA first; that token reaches no context (server/auth/tokens.ts), so
 *   it is taken at the contexts a password sign-in of its user reaches now, the one its login
 *   answered among them;
 * - `requireSignIn`: any sign-in token, whatever the context (logout);
 * - `requireSession`: a full session, whatever the context (the end of an app's sign-in, flows
 *   4.18: a token that only sets up MFA must not sign anyone in to an app).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import type { SignInPurpose, VerifiedSession } from '../auth/tokens';
import { requireContext } from '../auth/contexts';
import { contextsReachedByPassword } from '../auth/sign-in';
import { AuthError } from '../auth/errors';
import { HttpError } from './errors';

type Guard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    requireContext: Guard;
    requireAccountContext: Guard;
    requireMfaSetup: Guard;
    requireSignIn: Guard;
    requireSession: Guard;
  }
  interface FastifyRequest {
    signedIn: VerifiedSession | null;
  }
}

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  // Any non-blank credentials go on to verification, which names what is wrong with them.
  const match = /^Bearer (\S+)$/.exec(header);
  if (!match) throw new HttpError(401, 'unauthorized', 'A bearer token is required.');
  return match[1]!;
}

type ContextRule = 'organization' | 'organization-or-account' | 'none';

export function decorateSessionGuards(app: FastifyInstance, services: Services): void {
  const { db, tokens, config } = services;
  const guard =
    (purposes: SignInPurpose[], rule: ContextRule): Guard =>
    async (request) => {
      request.signedIn = await tokens.verifySessionUser(bearerToken(request), purposes);
      if (rule === 'none') return;
      const { context } = request.params as { context: string };
      if (rule === 'organization-or-account' && context === config.tokenAudience) return;
      const { claims, user } = request.signedIn;
      if (claims.purpose === 'mfa-setup') {
        if (!(await contextsReachedByPassword(db, user.id)).includes(context)) throw new AuthError('forbidden', 'This token does not reach that organisation.');
        return;
      }
      await requireContext(db, claims, context);
    };
  app.decorateRequest('signedIn', null);
  app.decorate('requireContext', guard(['session'], 'organization'));
  app.decorate('requireAccountContext', guard(['session'], 'organization-or-account'));
  app.decorate('requireMfaSetup', guard(['session', 'mfa-setup'], 'organization-or-account'));
  app.decorate('requireSignIn', guard(['session', 'mfa-setup'], 'none'));
  app.decorate('requireSession', guard(['session'], 'none'));
}

/** The session of a route guarded by one of the guards above. */
export function signedIn(request: FastifyRequest): VerifiedSession {
  if (!request.signedIn) throw new Error(`${request.routeOptions.url ?? 'This route'} has no session guard.`);
  return request.signedIn;
}
