import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { signInWithPassword, signInWithPendingCode, type CodeSignIn, type PasswordSignIn, type SignedIn } from '../../auth/password-sign-in';
import type { Answer, Route } from '../contract';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';
import { dropPendingSignIn, heldPendingSignIn, holdPendingSignIn } from '../pending-sign-in-cookie';
import { deviceOfRequest } from '../device-cookie';
import { countedSignIn } from '../sign-in-counts';
import type { SignInOutcome } from '../../metrics/sign-ins';

/**
 * The session answered, with the contexts whose current terms are accepted (flows 4.8), how many
 * recovery codes are left when one stood in for the TOTP code (flows 4.5), and whether the password
 * is one attackers try first (flows 4.17).
 */
const signedInAnswer = ({ context, token, termsAccepted, recoveryCodesLeft, passwordCompromised }: SignedIn) => ({
  context,
  token,
  termsAccepted,
  ...(recoveryCodesLeft === undefined ? {} : { recoveryCodesLeft }),
  ...(passwordCompromised ? { passwordCompromised } : {}),
});

const PASSWORD_OUTCOMES: Record<PasswordSignIn['kind'], SignInOutcome> = {
  'invalid-credentials': 'failed',
  'code-required': 'code_required',
  'invalid-code': 'failed',
  'signed-in': 'succeeded',
};
const CODE_OUTCOMES: Record<CodeSignIn['kind'], SignInOutcome> = { 'invalid-code': 'failed', 'sign-in-expired': 'expired', 'signed-in': 'succeeded' };

const invalidCode = () => new HttpError(401, 'invalid_code', 'Invalid code.');

export async function loginRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { config } = services;

  /**
   * POST /login (flows 4.3): 400 for wrong credentials, the same for an unknown e-mail; 401
   * `www-authenticate: MFA` when a code is needed, with the cookie of a pending sign-in that
   * loginWithCode completes; another 401 for a wrong code; 200 with {context, token}, and the MFA
   * policy in `www-authenticate` while the user has no TOTP yet (flows 4.4). With policy REQUIRED
   * that token only sets up MFA (flows 6, server/auth/sign-in.ts).
   */
  app.post<Route<'login'>>(routePath('login'), routeOptions('login'), async (request, reply) => {
    const { email, password } = request.body;
    // An empty challenge is "no code yet", as on set-password (contract, LoginRequest).
    const challenge = request.body.challenge || undefined;
    const held = heldPendingSignIn(request);
    const signingIn = signInWithPassword(services, {
      email,
      password,
      challenge,
      heldPendingSignIn: held,
      clientAddress: request.ip,
      userAgent: request.headers['user-agent'],
      device: deviceOfRequest(request, reply, config),
    });
    const outcome = await countedSignIn(services, 'password', (result) => PASSWORD_OUTCOMES[result.kind], signingIn);
    switch (outcome.kind) {
      case 'invalid-credentials':
        throw new HttpError(400, 'invalid_credentials', 'Incorrect email or password.');
      case 'code-required':
        holdPendingSignIn(reply, config, outcome.pendingSignIn);
        throw new HttpError(401, 'mfa_required', 'A code from the authenticator app is required.', { 'www-authenticate': 'MFA' });
      case 'invalid-code':
        throw invalidCode();
      case 'signed-in':
        if (held) dropPendingSignIn(reply, config);
        if (outcome.policy) reply.header('www-authenticate', outcome.policy);
        return signedInAnswer(outcome) satisfies Answer<'login'>;
    }
  });

  /**
   * POST /login/code (server-defined; flows 4.5): the code alone completes the pending sign-in the
   * browser's cookie names, once (server/auth/password-sign-in.ts); 401 `sign_in_expired` when
   * there is none to complete, and the person signs in with the password again.
   */
  app.post<Route<'loginWithCode'>>(routePath('loginWithCode'), routeOptions('loginWithCode'), async (request, reply) => {
    const signingIn = signInWithPendingCode(services, {
      pendingSignIn: heldPendingSignIn(request),
      challenge: request.body.challenge,
      clientAddress: request.ip,
      userAgent: request.headers['user-agent'],
      device: deviceOfRequest(request, reply, config),
    });
    const outcome = await countedSignIn(services, 'code', (result) => CODE_OUTCOMES[result.kind], signingIn);
    if (outcome.kind === 'invalid-code') throw invalidCode();
    dropPendingSignIn(reply, config);
    if (outcome.kind === 'sign-in-expired') throw new HttpError(401, 'sign_in_expired', 'The sign-in has expired. Enter the password again.');
    return signedInAnswer(outcome) satisfies Answer<'loginWithCode'>;
  });
}
