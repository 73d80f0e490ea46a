/**
 * Links in e-mails, built from the configured public URL, never from the Host header. The page
 * expects the token base64-encoded in the `token` query parameter (flows 5).
 */
function tokenLink(publicUrl: string, path: string, token: string): string {
  const url = new URL(path, publicUrl);
  url.searchParams.set('token', Buffer.from(token, 'utf8').toString('base64'));
  return url.toString();
}

/** Registration and invitation: choose a password (flows 2, /signup). */
export const signupLink = (publicUrl: string, token: string) => tokenLink(publicUrl, '/signup', token);

/** Password reset (flows 2, /reset-password/update). */
export const resetLink = (publicUrl: string, token: string) => tokenLink(publicUrl, '/reset-password/update', token);
