/**
 * The password notice (flows 4.17): a sign-in whose answer said its password is one attackers try
 * first is told so before it goes on, once. Kept in session storage, so the MFA setup between the
 * answer and company selection, or a reload, does not lose it; every sign-in's answer sets it anew,
 * and a sign-out forgets it. Outside the session's stores: /login's first view carries those.
 */
import { sessionStored } from './session-storage';

const $due = sessionStored('password-notice');

/** A sign-in's answer: whether its password is known to attackers, the notice then coming before company selection or the app. */
export function notePassword(compromised: boolean | undefined): void {
  $due.set(compromised ? 'due' : undefined);
}

/** Is the notice still to be shown? */
export function passwordNoticeDue(): boolean {
  return $due.get() === 'due';
}

/** Shown and answered, or the session ended: not again for this sign-in. */
export function forgetPasswordNotice(): void {
  $due.set(undefined);
}
