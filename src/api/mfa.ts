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

export type MfaConfirmResult = { kind: 'confirmed'; token: string | undefined; recoveryCodes: string[] } | { kind: 'invalid-code' } | RateLimited | Failed;

/**
 * POST {context}/user/setMfa with the secret and a code. A wrong or used code is "Invalid code."
 * (flows 8). When the API answers a token (the full session after setup), it replaces the setup one;
 * the recovery codes it answers are shown once (flows 4.6).
 */
export async function confirmMfa(context: string, confirmation: { mfaSecret: string; challenge: string }): Promise<MfaConfirmResult> {
  const answer = await answerOf<unknown>(api.POST('/{context}/user/setMfa', { params: { path: { context } }, body: confirmation, parseAs: 'text' }));
  if (answer.status === 200 || answer.status === 204) return { kind: 'confirmed', ...confirmationIn(answer.data) };
  if (answer.status === 400) return { kind: 'invalid-code' };
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
