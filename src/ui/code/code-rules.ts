/** The rules of the code boxes (flows 5), apart from the control that applies them. */

/** How many boxes a TOTP code has (flows 5, 9). */
export const CODE_LENGTH = 6;

/** A box a paste left empty, in the value of the boxes. */
export const EMPTY_BOX = ' ';

/** What a paste could not put in the boxes: characters that are not digits, or a text of another length. */
export type PasteProblem = { kind: 'not-digits'; characters: string[] } | { kind: 'length'; length: number };

export interface PastedCode {
  /** The boxes' new value; none when the paste is blocked. */
  code?: string;
  problem?: PasteProblem;
}

/** ASCII digits only: a code is typed from an authenticator app, whatever the keyboard's script. */
const isDigit = (character: string) => /^[0-9]$/.test(character);

/** Empty boxes at the end are left out: the value ends with its last digit (an empty box is a space). */
const withoutTrailingEmptyBoxes = (code: string) => code.trimEnd();

/**
 * What a paste gives (flows 5): a text of `length` characters once spaces are left out (`492 039`,
 * as authenticator apps show a code) fills the boxes, each digit its own, and a character that is not
 * a digit leaves its box empty and is named in the problem, once; any other length is blocked.
 */
export function pastedCode(text: string, length: number = CODE_LENGTH): PastedCode {
  // By code point, so a character outside the basic plane is one character, as a person sees it.
  const characters = Array.from(text.replace(/\s/g, ''));
  if (characters.length !== length) return { problem: { kind: 'length', length: characters.length } };
  const code = withoutTrailingEmptyBoxes(characters.map((character) => (isDigit(character) ? character : EMPTY_BOX)).join(''));
  const notDigits = [...new Set(characters.filter((character) => !isDigit(character)))];
  return notDigits.length > 0 ? { code, problem: { kind: 'not-digits', characters: notDigits } } : { code };
}

/** Where the next digit goes: the first empty box (flows 5). */
export function firstEmptyBox(code: string): number {
  const empty = code.indexOf(EMPTY_BOX);
  return empty === -1 ? code.length : empty;
}

/** Backspace or Delete: the last filled box is cleared (flows 5). */
export function withoutLastDigit(code: string): string {
  return withoutTrailingEmptyBoxes(code.slice(0, -1));
}

/** The text added to `before` to make `after`, when `after` is `before` with something inserted. */
function insertion(before: string, after: string): string | undefined {
  const added = after.length - before.length;
  if (added <= 0) return undefined;
  let common = 0;
  while (common < before.length && before[common] === after[common]) common += 1;
  return after.slice(common + added) === before.slice(common) ? after.slice(common, common + added) : undefined;
}

/**
 * The value of the boxes once the field's text has changed to `text`. Typed digits go to the empty
 * boxes first, then after the last digit (flows 5: focus moves to the next empty box); any other
 * change (the phone's code autofill, a cut, a keyboard's own deletion) is read as the new code.
 */
export function afterTyping(code: string, text: string, length: number = CODE_LENGTH): string {
  const typed = insertion(code, text);
  if (typed === undefined) {
    const hasEmptyBoxes = code.includes(EMPTY_BOX);
    const kept = Array.from(text).filter((character) => isDigit(character) || (hasEmptyBoxes && character === EMPTY_BOX));
    return withoutTrailingEmptyBoxes(kept.join('').slice(0, length));
  }
  let next = code;
  for (const digit of Array.from(typed).filter(isDigit)) next = next.includes(EMPTY_BOX) ? next.replace(EMPTY_BOX, digit) : next + digit;
  return next.slice(0, length);
}
