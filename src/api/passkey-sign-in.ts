/**
 * The passkey calls of the e-mail step (flows 4.14): options for any passkey, bound to the e-mail
 * when there is one, and the authenticator's answer. Apart from the account's calls
 * (src/api/passkeys.ts), so the first view of /login carries only these.
 */
import type { components } from '../../openapi/auth';
import { api } from './client';
import { answerOf, failed, rateLimited, type Failed, type RateLimited } from './request';

export type PasskeyRequestOptions = components['schemas']['PasskeyRequestOptions'];
export type PasskeyAssertion = components['schemas']['PasskeyAssertionResponse'];

export type PasskeyOptionsResult = { kind: 'options'; options: PasskeyRequestOptions } | RateLimited | Failed;

/** POST passkeys/sign-in/options: a challenge for any passkey, bound to the e-mail when there is one. */
export async function passkeySignInOptions(email: string | undefined): Promise<PasskeyOptionsResult> {
  const answer = await answerOf(api.POST('/passkeys/sign-in/options', { body: email ? { email } : {} }));
  if (answer.status === 429) return rateLimited(answer);
  return answer.status === 200 && answer.data ? { kind: 'options', options: answer.data } : failed(answer);
}

export type PasskeySignInResult =
  | { kind: 'signed-in'; context: string; token: string; termsAccepted?: string[] | undefined }
  | { kind: 'rejected' }
  | { kind: 'sso-required' }
  | RateLimited
  | Failed;

/** POST passkeys/sign-in: the authenticator's answer signs in, as a password and code do. */
export async function signInWithPasskey(response: PasskeyAssertion): Promise<PasskeySignInResult> {
  const answer = await answerOf(api.POST('/passkeys/sign-in', { body: { response } }));
  if (answer.status === 200 && answer.data) return { kind: 'signed-in', ...answer.data };
  if (answer.code === 'passkey_rejected') return { kind: 'rejected' };
  if (answer.code === 'sso_required') return { kind: 'sso-required' };
  return answer.status === 429 ? rateLimited(answer) : failed(answer);
}
