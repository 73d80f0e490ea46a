/**
 * The recovery codes of a TOTP setup just confirmed, a renewal or a new authenticator app (flows
 * 4.6): in memory only, never in storage, shown once on the recovery codes screen and forgotten when
 * the user goes on. Session storage keeps only that some were shown and not yet saved, so a reload,
 * which loses them, can say so (session storage 'recovery-codes-shown').
 */
import { atom } from 'nanostores';
import { sessionStored } from './session-storage';

export const $recoveryCodes = atom<readonly string[] | undefined>(undefined);
const $shownUnsaved = sessionStored('recovery-codes-shown');

export function showRecoveryCodes(codes: readonly string[]): void {
  $recoveryCodes.set(codes);
  $shownUnsaved.set('true');
}

/** The user has saved them: a later visit has nothing to say of them. */
export function recoveryCodesSaved(): void {
  $shownUnsaved.set(undefined);
}

/** The screen is left: they are not shown again (a visit before they were saved says so). */
export function hideRecoveryCodes(): void {
  $recoveryCodes.set(undefined);
}

/** The session ended, or the loss was told: nothing of them is kept. */
export function forgetRecoveryCodes(): void {
  hideRecoveryCodes();
  recoveryCodesSaved();
}

/** Were codes shown in this tab and lost (a reload, the screen left) before they were saved? */
export function recoveryCodesLost(): boolean {
  return $recoveryCodes.get() === undefined && $shownUnsaved.get() !== undefined;
}
