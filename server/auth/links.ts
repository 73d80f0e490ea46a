/**
 * Links in e-mails, built from the configured public URL, never from the Host header. The page
 * expects the token base64-encoded in the `token` query parameter (flows 5), and opens in the
 * mail's language: `locale` is carried from there on like the other parameters (flows 2).
 */
import type { Language } from '../../rules/languages';

function tokenLink(publicUrl: string, path: string, token: string, language: Language): string {
  const url = new URL(path, publicUrl);
  url.searchParams.set('token', Buffer.from(token, 'utf8').toString('base64'));
  url.searchParams.set('locale', language);
  return url.toString();
}

/** Registration and invitation: choose a password (flows 2, /signup). */
export const signupLink = (publicUrl: string, token: string, language: Language) => tokenLink(publicUrl, '/signup', token, language);

/** Password reset (flows 2, /reset-password/update). */
export const resetLink = (publicUrl: string, token: string, language: Language) => tokenLink(publicUrl, '/reset-password/update', token, language);

/**
 * "This wasn't me" of an alert mail (server/auth/account-alerts.ts): the page asks before it acts.
 * Its token is a random value in base64url, not a JWT the page would read, so it goes as it is.
 */
export function secureAccountLink(publicUrl: string, token: string, language: Language): string {
  const url = new URL('/secure-account', publicUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('locale', language);
  return url.toString();
}
