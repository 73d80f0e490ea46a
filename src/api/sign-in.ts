/** The sign-in calls of flows 7: SSO modes, the SAML redirect, password login and logout. */
import type { components } from '../../openapi/auth';
import { api } from './client';
import { earlyAnswer } from './early-answer';
import { config } from '../config/runtime-config';
import { answerOf, failed, rateLimited, type Failed, type RateLimited } from './request';

/** How an organisation signs in (flows 4.1). Any other answer is an error. */
export type SsoMode = components['schemas']['SsoMode'];
/** Every mode of the contract, each once: a mode missing here or not in the contract is a type error. */
const SSO_MODES: Record<SsoMode, true> = { NOT_SET: true, LOGIN_SAML: true, SAML_ONLY: true };
const isSsoMode = (mode: string): mode is SsoMode => Object.hasOwn(SSO_MODES, mode);

export type SsoModeResult = { kind: 'mode'; mode: SsoMode } | { kind: 'unknown-mode'; mode: string } | RateLimited | Failed;

function ssoModeResult(answer: { status: number; data?: string }): SsoModeResult {
  if (answer.status === 429) return rateLimited(answer);
  if (answer.status !== 200 || answer.data === undefined) return failed(answer);
  const mode = answer.data.trim();
  return isSsoMode(mode) ? { kind: 'mode', mode } : { kind: 'unknown-mode', mode };
}

/**
 * GET organization/{email}/ssoMode: the SSO mode of the organisation an e-mail belongs to; the
 * answer the page already has when a press before the takeover sent it (src/api/early-answer.ts).
 */
export async function ssoModeByEmail(email: string): Promise<SsoModeResult> {
  const early = await earlyAnswer(`${config.apiBaseUrl}/organization/${encodeURIComponent(email)}/ssoMode`);
  return ssoModeResult(early ?? (await answerOf(api.GET('/organization/{email}/ssoMode', { params: { path: { email } }, parseAs: 'text' }))));
}

/** GET organization/ssoModeByContext/{context}: the SSO mode of an organisation (flows 4.2). */
export async function ssoModeByContext(context: string): Promise<SsoModeResult> {
  return ssoModeResult(await answerOf(api.GET('/organization/ssoModeByContext/{context}', { params: { path: { context } }, parseAs: 'text' })));
}

export type SamlLoginResult = { kind: 'redirect'; url: string } | RateLimited | Failed;

/** GET saml2/{domain}/login: the identity provider URL to send the browser to (flows 4.1, 4.2). */
export async function samlLoginUrl(domain: string, email: string | undefined, returnTo: string): Promise<SamlLoginResult> {
  const answer = await answerOf(
    api.GET('/saml2/{domain}/login', {
      params: { path: { domain }, query: { ...(email ? { email } : {}), returnTo } },
      parseAs: 'text',
    }),
  );
  if (answer.status === 429) return rateLimited(answer);
  return answer.status === 200 && answer.data ? { kind: 'redirect', url: answer.data.trim() } : failed(answer);
}

export type LoginResult =
  /**
   * `recoveryCodesLeft`: how many are left when a recovery code stood in for the TOTP code (flows 4.5);
   * `termsAccepted`: the contexts whose current terms the user accepted (flows 4.8).
   */
  | {
      kind: 'signed-in';
      context: string;
      token: string;
      policy: string | undefined;
      recoveryCodesLeft?: number | undefined;
      termsAccepted?: string[] | undefined;
      /** The password is one attackers try first (flows 4.17). */
      passwordCompromised?: boolean | undefined;
    }
  | { kind: 'mfa-required' }
  | { kind: 'invalid-code' }
  | { kind: 'invalid-credentials' }
  | RateLimited
  | Failed;

/**
 * POST login, read by status as flows 4.3 says: 200 success (with the MFA policy in
 * `www-authenticate` when the user has no TOTP yet); 401 with `www-authenticate: MFA` asks for a
 * code; any other 401 is a wrong code; 400 wrong credentials; anything else a general error.
 */
export async function login(credentials: { email: string; password: string; challenge?: string }): Promise<LoginResult> {
  const answer = await answerOf(api.POST('/login', { body: credentials }));
  const authenticate = answer.headers?.get('www-authenticate')?.trim() || undefined;
  switch (answer.status) {
    case 200:
      return answer.data ? { kind: 'signed-in', ...answer.data, policy: authenticate } : failed(answer);
    case 401:
      return authenticate === 'MFA' ? { kind: 'mfa-required' } : { kind: 'invalid-code' };
    case 400:
      return { kind: 'invalid-credentials' };
    case 429:
      return rateLimited(answer);
    default:
      return failed(answer);
  }
}

export type CodeLoginResult = Extract<LoginResult, { kind: 'signed-in' | 'invalid-code' }> | { kind: 'sign-in-expired' } | RateLimited | Failed;

/**
 * POST login/code (contract, loginWithCode): the code alone completes the sign-in the password step
 * left pending on the server behind an HttpOnly cookie (flows 4.5), after a reload of the code step
 * too. A 401 `sign_in_expired` leaves nothing to complete: the password is needed again.
 */
export async function loginWithCode(challenge: string): Promise<CodeLoginResult> {
  const answer = await answerOf(api.POST('/login/code', { body: { challenge } }));
  switch (answer.status) {
    case 200:
      return answer.data ? { kind: 'signed-in', ...answer.data, policy: undefined } : failed(answer);
    case 401:
      return answer.code === 'sign_in_expired' ? { kind: 'sign-in-expired' } : { kind: 'invalid-code' };
    case 429:
      return rateLimited(answer);
    default:
      return failed(answer);
  }
}

/** GET {aud}/logout with the session's token: the API revokes it (flows 2, /logout). */
export async function logout(aud: string): Promise<boolean> {
  const answer = await answerOf(api.GET('/{aud}/logout', { params: { path: { aud } }, parseAs: 'text' }));
  return answer.status >= 200 && answer.status < 300;
}

/** SAML_ONLY or LOGIN_SAML allow SAML, and SAML goes first (flows 4.1). */
export const allowsSaml = (mode: SsoMode) => mode === 'SAML_ONLY' || mode === 'LOGIN_SAML';
