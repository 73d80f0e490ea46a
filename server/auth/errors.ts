/**
 * What the domain refuses, in its own words: the API maps each failure to its HTTP answer
 * (server/api/errors.ts), so nothing here knows about status codes.
 */
export type AuthFailure =
  | 'invalid_token'
  | 'token_expired'
  | 'forbidden'
  /** An MFA-setup token was presented where a full session is needed (policy REQUIRED). */
  | 'mfa_setup_required'
  /** The person is disabled, or left every organisation (server/auth/sign-in.ts). */
  | 'account_disabled';

export class AuthError extends Error {
  constructor(
    readonly failure: AuthFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Too many attempts; the caller may try again after `retryAfterSeconds`. */
export class TooManyRequests extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Try again later.',
  ) {
    super(message);
  }
}
