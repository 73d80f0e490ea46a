/**
 * The signed-in user's passkey calls (flows 4.14): the list, and the options and answer of the
 * browser's ceremony that adds one. The sign-in's are in src/api/passkey-sign-in.ts.
 */
import type { components } from '../../openapi/auth';
import { api } from './client';
import { answerOf, failed, type Failed } from './request';

export type Passkey = components['schemas']['Passkey'];
export type PasskeyCreationOptions = components['schemas']['PasskeyCreationOptions'];
type Attestation = components['schemas']['PasskeyAttestationResponse'];

export type PasskeysResult = { kind: 'list'; passkeys: Passkey[] } | Failed;

/** GET {context}/user/passkeys. */
export async function listPasskeys(context: string): Promise<PasskeysResult> {
  const answer = await answerOf(api.GET('/{context}/user/passkeys', { params: { path: { context } } }));
  return answer.status === 200 && answer.data ? { kind: 'list', passkeys: answer.data } : failed(answer);
}

export type RegistrationOptionsResult = { kind: 'options'; options: PasskeyCreationOptions } | { kind: 'recent-sign-in-required' } | Failed;

/** POST {context}/user/passkeys/options: a challenge to create a passkey with. */
export async function passkeyRegistrationOptions(context: string): Promise<RegistrationOptionsResult> {
  const answer = await answerOf(api.POST('/{context}/user/passkeys/options', { params: { path: { context } } }));
  if (answer.status === 200 && answer.data) return { kind: 'options', options: answer.data };
  return answer.code === 'recent_sign_in_required' ? { kind: 'recent-sign-in-required' } : failed(answer);
}

export type AddPasskeyResult = { kind: 'added'; passkey: Passkey } | { kind: 'recent-sign-in-required' } | { kind: 'rejected' } | Failed;

/** POST {context}/user/passkeys: the new passkey, as the authenticator made it. */
export async function addPasskey(context: string, response: Attestation): Promise<AddPasskeyResult> {
  const answer = await answerOf(api.POST('/{context}/user/passkeys', { params: { path: { context } }, body: { response } }));
  if (answer.status === 201 && answer.data) return { kind: 'added', passkey: answer.data };
  if (answer.code === 'recent_sign_in_required') return { kind: 'recent-sign-in-required' };
  return answer.code === 'passkey_rejected' ? { kind: 'rejected' } : failed(answer);
}

export type RemovePasskeyResult = { kind: 'removed' } | { kind: 'recent-sign-in-required' } | Failed;

/** DELETE {context}/user/passkeys/{passkeyId}: removed, also when it was gone already (404). */
export async function removePasskey(context: string, passkeyId: string): Promise<RemovePasskeyResult> {
  const answer = await answerOf(api.DELETE('/{context}/user/passkeys/{passkeyId}', { params: { path: { context, passkeyId } }, parseAs: 'text' }));
  if (answer.status === 204 || answer.status === 404) return { kind: 'removed' };
  return answer.code === 'recent_sign_in_required' ? { kind: 'recent-sign-in-required' } : failed(answer);
}
