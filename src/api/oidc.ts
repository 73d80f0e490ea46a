/** The end of a sign-in an app started through the OpenID Provider (flows 4.18). */
import { api } from './client';
import { answerOf, failed, type Failed } from './request';

export type FinishResult =
  /** Back through the provider to the app. */
  | { kind: 'redirect'; to: string }
  /** The app asked for a fresh sign-in, or a second factor, that this session did not give. */
  | { kind: 'sign-in-again'; secondFactor: boolean }
  /** No sign-in of an app waits in this browser any more (expired, finished, another browser's). */
  | { kind: 'expired' }
  | Failed;

/** POST /oidc/interactions/{uid}: the session and the organisation chosen finish the app's sign-in. */
export async function finishOidcSignIn(uid: string, context: string): Promise<FinishResult> {
  const answer = await answerOf(api.POST('/oidc/interactions/{uid}', { params: { path: { uid } }, body: { context } }));
  if (answer.status === 200 && answer.data) return { kind: 'redirect', to: answer.data.redirectTo };
  if (answer.code === 'reauthentication_required' || answer.code === 'second_factor_required') {
    return { kind: 'sign-in-again', secondFactor: answer.code === 'second_factor_required' };
  }
  if (answer.status === 404) return { kind: 'expired' };
  return failed(answer);
}
