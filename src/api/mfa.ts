/** TOTP setup (flows 4.6, 7): one operation, setMfa, in two steps. */
import { api } from './client';
import { answerOf, failed, rateLimited, type Failed, type RateLimited } from './request';

export type MfaSetupResult = { kind: 'secret'; uri: string } | RateLimited | Failed;

/** POST {context}/user/setMfa with an empty body: a new secret as an otpauth:// URI. */
export async function startMfaSetup(context: string): Promise<MfaSetupResult> {
  const answer = await answerOf(api.POST('/{context}/user/setMfa', { params: { path: { context } }, parseAs: 'text' }));
  if (answer.status === 429) return rateLimited(answer);
  return answer.status === 200 && answer.data ? { kind: 'secret', uri: answer.data.trim() } : failed(answer);
}

export type MfaConfirmResult =
  | { kind: 'confirmed'; token: string | undefined; recoveryCodes: string[] }
  | { kind: 'invalid-code' }
  | { kind: 'current-code-required' }
  | RateLimited
  | Failed;

/**
 * POST {context}/user/setMfa with the secret and a code. A wrong or used code is "Invalid code."
 * (flows 8). When the API answers a token (the full session after setup), it replaces the setup one;
 * the recovery codes it answers are shown once (flows 4.6). A user with TOTP whose session may not
 * replace it without a code of it (no recent recovery-code sign-in) is told apart.
 */
export async function confirmMfa(context: string, confirmation: { mfaSecret: string; challenge: string }): Promise<MfaConfirmResult> {
  const answer = await answerOf<unknown>(api.POST('/{context}/user/setMfa', { params: { path: { context } }, body: confirmation, parseAs: 'text' }));
  if (answer.status === 200 || answer.status === 204) return { kind: 'confirmed', ...confirmationIn(answer.data) };
  if (answer.status === 400) return answer.code === 'current_code_required' ? { kind: 'current-code-required' } : { kind: 'invalid-code' };
  if (answer.status === 429) return rateLimited(answer);
  return failed(answer);
}

function confirmationIn(body: unknown): { token: string | undefined; recoveryCodes: string[] } {
  const none = { token: undefined, recoveryCodes: [] };
  if (typeof body !== 'string' || !body) return none;
  try {
    const parsed = JSON.parse(body) as { token?: unknown; recoveryCodes?: unknown };
    return {
      token: typeof parsed.token === 'string' ? parsed.token : undefined,
      recoveryCodes: Array.isArray(parsed.recoveryCodes) ? parsed.recoveryCodes.filter((code): code is string => typeof code === 'string') : [],
    };
  } catch {
    return none;
  }
}

export type RecoveryCodesRenewal = { kind: 'renewed'; recoveryCodes: string[] } | { kind: 'invalid-code' } | { kind: 'totp-required' } | RateLimited | Failed;

/**
 * POST {context}/user/recoveryCodes with a current code of the authenticator app: ten new recovery
 * codes, shown once; the old set stops working (flows 4.6). A wrong or used code is "Invalid code."
 * (flows 8); a user without TOTP has no recovery codes to renew.
 */
export async function renewRecoveryCodes(context: string, challenge: string): Promise<RecoveryCodesRenewal> {
  const answer = await answerOf(api.POST('/{context}/user/recoveryCodes', { params: { path: { context } }, body: { challenge } }));
  if (answer.status === 200 && answer.data) return { kind: 'renewed', recoveryCodes: answer.data.recoveryCodes };
  if (answer.status === 400) return answer.code === 'totp_required' ? { kind: 'totp-required' } : { kind: 'invalid-code' };
  if (answer.status === 429) return rateLimited(answer);
  return failed(answer);
}
