/**
 * Counts each sign-in the API answers, by method and outcome (server/metrics/sign-ins.ts).
 */
import { AuthError, TooManyRequests } from '../auth/errors';
import type { SignInMethod, SignInOutcome } from '../metrics/sign-ins';
import type { Services } from '../services';
import { HttpError } from './errors';

/**
 * Waits for a sign-in and counts what came of it: a result as `outcomeOf` names it; a refusal for too
 * many attempts as `throttled`; another refusal the API answers (a 4xx, or the domain's own) as `failed`; anything else
 * as the server's `error`.
 */
export async function countedSignIn<T>(
  services: Pick<Services, 'metrics'>,
  method: SignInMethod,
  outcomeOf: (result: T) => SignInOutcome,
  signingIn: Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await signingIn;
  } catch (error) {
    const refused = error instanceof AuthError || (error instanceof HttpError && error.statusCode < 500);
    const outcome = error instanceof TooManyRequests ? 'throttled' : refused ? 'failed' : 'error';
    services.metrics.signIn(method, outcome);
    throw error;
  }
  services.metrics.signIn(method, outcomeOf(result));
  return result;
}
