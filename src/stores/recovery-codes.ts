/**
 * The recovery codes of a TOTP setup just confirmed (flows 4.6): in memory only, never in storage,
 * shown once and forgotten when the user goes on.
 */
import { atom } from 'nanostores';

export const $recoveryCodes = atom<readonly string[] | undefined>(undefined);

export function showRecoveryCodes(codes: readonly string[]): void {
  $recoveryCodes.set(codes);
}

export function forgetRecoveryCodes(): void {
  $recoveryCodes.set(undefined);
}
