/**
 * The e-mail and password of a sign-in waiting for its TOTP code (flows 4.5: the code is resent
 * with them as `challenge`). Kept in memory only: a password never goes into a URL, session
 * storage or history. After a reload of the code step the code goes alone, to the sign-in the
 * server keeps pending behind an HttpOnly cookie (docs/decisions/0010-pending-sign-in.md).
 */
import { atom } from 'nanostores';

export const $pendingLogin = atom<{ email: string; password: string } | undefined>(undefined);

export function awaitCode(email: string, password: string): void {
  $pendingLogin.set({ email, password });
}

export function forgetPendingLogin(): void {
  $pendingLogin.set(undefined);
}
