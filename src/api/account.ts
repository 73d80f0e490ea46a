/** Registration and passwords (flows 4.10 to 4.12, 7). */
import { api } from './client';
import { answerOf, failed, rateLimited, type Failed, type RateLimited } from './request';

export type MailRequestResult = { kind: 'sent' } | RateLimited | Failed;

/** POST register or forgot-password with `{email, language}`: a mail with a link, if it makes sense. */
export async function requestMail(kind: 'register' | 'forgot-password', body: { email: string; language: string }): Promise<MailRequestResult> {
  const path = kind === 'register' ? '/register' : '/forgot-password';
  // Any language tag is taken (flows 3); the server writes English for one it does not speak.
  const answer = await answerOf(api.POST(path, { body, parseAs: 'text' }));
  if (answer.status === 429) return rateLimited(answer);
  return answer.status >= 200 && answer.status < 300 ? { kind: 'sent' } : failed(answer);
}

export type SetPasswordResult =
  | { kind: 'set'; token: string | undefined }
  | { kind: 'weak-password' }
  /** One attackers try first: known from breaches, common, or made of the person's own words (password_compromised). */
  | { kind: 'known-password' }
  | { kind: 'invalid-token' }
  | RateLimited
  | Failed;
export type ChangePasswordResult = SetPasswordResult | { kind: 'wrong-current-password' } | { kind: 'unchanged-password' };

/** POST set-password with a reset or invitation link's token as bearer (flows 4.11, 4.12). */
export async function setPassword(linkToken: string, password: string): Promise<SetPasswordResult> {
  const result = await sendPassword(linkToken, { password });
  return result.kind === 'wrong-current-password' || result.kind === 'unchanged-password' ? { kind: 'weak-password' } : result;
}

/** POST set-password from a session: the current password first (flows 4.10). */
export function changePassword(sessionToken: string, body: { password: string; currentPassword: string }): Promise<ChangePasswordResult> {
  return sendPassword(sessionToken, body);
}

/** POST set-password with `{password, challenge: ''}`: 400 is a weak or known password, or a wrong current one. */
async function sendPassword(bearer: string, body: { password: string; currentPassword?: string }): Promise<ChangePasswordResult> {
  const answer = await answerOf(
    api.POST('/set-password', {
      body: { challenge: '', ...body },
      headers: { Authorization: `Bearer ${bearer}` },
    }),
  );
  switch (answer.status) {
    case 200:
    case 204:
      return { kind: 'set', token: (answer.data as { token?: string } | undefined)?.token };
    case 400:
      if (answer.code === 'invalid_credentials') return { kind: 'wrong-current-password' };
      if (answer.code === 'password_compromised') return { kind: 'known-password' };
      return answer.code === 'password_unchanged' ? { kind: 'unchanged-password' } : { kind: 'weak-password' };
    case 401:
      return { kind: 'invalid-token' };
    case 429:
      return rateLimited(answer);
    default:
      return failed(answer);
  }
}

export type SecureAccountResult = { kind: 'secured' } | { kind: 'link-spent' } | { kind: 'not-a-link' } | RateLimited | Failed;

/** POST secure-account with the token of an alert mail's "This wasn't me" link. */
export async function secureAccount(token: string): Promise<SecureAccountResult> {
  const answer = await answerOf(api.POST('/secure-account', { body: { token }, parseAs: 'text' }));
  switch (answer.status) {
    case 204:
      return { kind: 'secured' };
    case 400:
      return { kind: 'not-a-link' };
    case 401:
      return { kind: 'link-spent' };
    case 429:
      return rateLimited(answer);
    default:
      return failed(answer);
  }
}

/** POST {context}/user/password-notice: what the person chose when told their password is known to attackers (flows 4.17). */
export async function answerPasswordNotice(context: string, choice: 'change' | 'later'): Promise<{ kind: 'recorded' } | Failed> {
  const answer = await answerOf(api.POST('/{context}/user/password-notice', { params: { path: { context } }, body: { choice }, parseAs: 'text' }));
  return answer.status === 204 ? { kind: 'recorded' } : failed(answer);
}
