import { afterEach, describe, expect, it } from 'vitest';
import { $recoveryCodes, forgetRecoveryCodes, hideRecoveryCodes, recoveryCodesLost, recoveryCodesSaved, showRecoveryCodes } from './recovery-codes';
import { restoreFromSessionStorage } from './session-storage';

const CODES = ['7KQ4-M2XD-9PLA', 'H6YG-SWLL-4PKF'];

afterEach(() => {
  forgetRecoveryCodes();
  sessionStorage.clear();
});

describe('the recovery codes store', () => {
  it('keeps the codes in memory, and in session storage only that some were shown', () => {
    showRecoveryCodes(CODES);
    expect($recoveryCodes.get()).toEqual(CODES);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(CODES[0]);
    expect(recoveryCodesLost()).toBe(false);
  });

  it('knows after a reload that codes were shown and not saved', () => {
    showRecoveryCodes(CODES);
    // A reload: memory is gone, session storage is read again.
    $recoveryCodes.set(undefined);
    restoreFromSessionStorage();
    expect(recoveryCodesLost()).toBe(true);
  });

  it('says so too when the screen was left before they were saved, and not once they were', () => {
    showRecoveryCodes(CODES);
    hideRecoveryCodes();
    expect(recoveryCodesLost()).toBe(true);
    showRecoveryCodes(CODES);
    recoveryCodesSaved();
    hideRecoveryCodes();
    expect(recoveryCodesLost()).toBe(false);
  });

  it('forgets everything of them', () => {
    showRecoveryCodes(CODES);
    forgetRecoveryCodes();
    restoreFromSessionStorage();
    expect($recoveryCodes.get()).toBeUndefined();
    expect(recoveryCodesLost()).toBe(false);
  });
});
