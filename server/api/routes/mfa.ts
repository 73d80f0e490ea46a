import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { confirmPendingTotpSecret, setPendingTotpSecret } from '../../db/users';
import { audit } from '../../db/audit';
import { matchingStep, newTotpSecret, otpauthUri } from '../../auth/totp';
import { LIMITS, enforce } from '../../auth/rate-limit';
import { claimLoginAttempt } from '../../auth/login-throttle';
import { reachableOrganizations } from '../../auth/accounts';
import { userOrganizations } from '../../db/memberships';
import type { AuthMethod, TokenClaims } from '../../auth/tokens';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';
import { signedIn } from '../session-guard';

export const TOTP_ISSUER = 'Frontdoor';

/** How recent a session's password must be to enrol the first second factor. */
export const RECENT_PASSWORD_SECONDS = 10 * 60;

/**
 * Who may enrol a user's first TOTP secret: its owner, shown by the MFA-setup token a password
 * sign-in just answered, or by a session whose password was proved in the last ten minutes
 * (`amr` pwd, `auth_time`). A stolen older session cannot, since a reset keeps the second factor and
 * the owner would be locked out. The second factor of a SAML session is its identity provider's.
 */
function enrolmentRefusal(claims: TokenClaims, nowSeconds = Date.now() / 1000): HttpError | undefined {
  if (claims.purpose === 'mfa-setup') return undefined;
  if (claims.amr?.includes('saml')) {
    return new HttpError(403, 'mfa_managed_by_identity_provider', "The organisation's identity provider answers for the second factor of this sign-in.");
  }
  if (!claims.amr?.includes('pwd') || (claims.auth_time ?? 0) < nowSeconds - RECENT_PASSWORD_SECONDS) {
    return new HttpError(403, 'recent_password_required', 'Setting up a second factor needs a sign-in with the password in the last 10 minutes.');
  }
  return undefined;
}

interface MfaConfirmation {
  mfaSecret: string;
  challenge: string;
  /** A code of the TOTP secret in force, when the user replaces it. */
  currentChallenge?: string;
}

export async function mfaRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db, tokens, totpSecrets } = services;
  const invalidCode = () => new HttpError(400, 'invalid_code', 'Invalid code.');

  /**
   * POST /{context}/user/setMfa (flows 4.6). Without a body: a new secret, kept as the only pending
   * one, answered as an otpauth URI. With {mfaSecret, challenge}: the latest offered secret and a
   * valid code of it enable TOTP (a user who has TOTP also sends a code of the secret in force), the
   * code's step counts as used, and the answer is a full session with `otp` among its methods. The
   * token may be the one a password sign-in answers to a user who must set up MFA (flows 6); that one
   * is revoked by the confirmation, and the session it gives reaches what a password sign-in reaches
   * (that token carries no contexts). The first secret is enrolled only by its owner
   * (enrolmentRefusal); a wrong code of the secret in force counts as a failed sign-in of the
   * e-mail, as at login (server/auth/login-throttle.ts).
   */
  app.post<{ Params: { context: string }; Body: MfaConfirmation | null }>(
    routePath('setMfa'),
    { ...routeOptions('setMfa'), preHandler: app.requireMfaSetup },
    async (request, reply) => {
      const { claims, user } = signedIn(request);
      const { context } = request.params;
      await enforce(db, LIMITS.setMfa, user.id);
      const refusal = user.totp_secret ? undefined : enrolmentRefusal(claims);
      if (refusal) {
        await audit(db, request.ip, 'mfa.enrolment_refused', { userId: user.id, context, detail: { code: refusal.code } });
        throw refusal;
      }

      if (request.body === null) {
        const secret = newTotpSecret();
        await setPendingTotpSecret(db, user.id, totpSecrets.seal(user.id, secret));
        await audit(db, request.ip, 'mfa.setup_started', { userId: user.id, context });
        return reply.type('text/plain; charset=utf-8').send(otpauthUri(secret, user.email, TOTP_ISSUER));
      }

      const { mfaSecret, challenge, currentChallenge } = request.body;
      if (user.totp_secret && currentChallenge === undefined) {
        throw new HttpError(400, 'current_code_required', 'Replacing TOTP needs a code of the authenticator app in use (currentChallenge).');
      }
      const refused = async () => {
        await audit(db, request.ip, 'mfa.confirmation_failed', { userId: user.id, context });
        return invalidCode();
      };
      let replaced: { secret: string; step: number } | undefined;
      if (user.totp_secret) {
        // Guessing the code in force through a stolen session costs what guessing it at login does.
        const attempt = await claimLoginAttempt(db, request.ip, user.email);
        const currentStep = matchingStep(totpSecrets.open(user.id, user.totp_secret), currentChallenge ?? '');
        if (currentStep === undefined) throw await refused();
        await attempt.succeeded();
        replaced = { secret: user.totp_secret, step: currentStep };
      }
      // Only the secret offered last is taken; it is stored encrypted, and compared as stored.
      const offered = user.totp_pending_secret;
      const step = offered !== null && totpSecrets.open(user.id, offered) === mfaSecret ? matchingStep(mfaSecret, challenge) : undefined;
      if (offered === null || step === undefined || !(await confirmPendingTotpSecret(db, user.id, { secret: offered, step }, replaced))) throw await refused();
      await audit(db, request.ip, 'mfa.enabled', { userId: user.id, context, detail: { replaced: Boolean(replaced) } });
      let contexts = claims.contexts;
      if (claims.purpose === 'mfa-setup') {
        await tokens.revoke(claims);
        contexts = reachableOrganizations(await userOrganizations(db, user.id), { via: 'password' }).map((organization) => organization.context);
      }
      const amr: AuthMethod[] = [...new Set<AuthMethod>([...(claims.amr ?? []), 'otp'])];
      const grant = { userId: user.id, email: user.email, contexts, amr, purpose: 'session' as const, generation: user.session_generation, ...(claims.auth_time === undefined ? {} : { authTime: claims.auth_time }) };
      return { token: await tokens.issueSignIn(grant) };
    },
  );
}
