/**
 * The recovery code of flows 4.5 and 4.6: 12 characters of an alphabet without 0, 1, I and O (so
 * none is read as another), 5 bits each, 60 bits a code, shown in groups of four
 * (`7KQ4-M2XD-9PLA`). Typed in any case, with or without spaces and dashes.
 */
export const RECOVERY_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const RECOVERY_CODE_LENGTH = 12;
const GROUP = 4;

/** The code as stored and compared: upper case, without spaces and dashes. */
export function normalizeRecoveryCode(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** Whether the value, once normalised, is a recovery code. */
export function isRecoveryCode(value: string): boolean {
  const code = normalizeRecoveryCode(value);
  return code.length === RECOVERY_CODE_LENGTH && [...code].every((character) => RECOVERY_CODE_ALPHABET.includes(character));
}

/** The code in groups of four, as shown and as typed back. */
export function groupRecoveryCode(code: string): string {
  return (normalizeRecoveryCode(code).match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? []).join('-');
}
