/**
 * Addresses for the server's e-mail tests: what the rule of rules/email.ts takes, and the tricks
 * that would make one request mail a second address, each named for the test titles.
 */
import { EMAIL_MAX_LENGTH } from '../../rules/email';

export const ACCEPTED_ADDRESSES: readonly (readonly [kind: string, address: string])[] = [
  ['a plain address', 'ada@example.com'],
  ['plus addressing', 'ada.lovelace+newsletter@example.com'],
  ['a local part in another script', 'jöhn@exämple.com'],
  ['an IDN domain', 'ada@例え.テスト'],
  ['254 characters', `${'a'.repeat(64)}@${'b'.repeat(EMAIL_MAX_LENGTH - 69)}.com`],
  // JSON Schema's maxLength counts code points: an astral letter is one character, not two.
  ['254 characters, some beyond the BMP', `${'𝒜'.repeat(64)}@${'b'.repeat(EMAIL_MAX_LENGTH - 69)}.com`],
];

export const REFUSED_ADDRESSES: readonly (readonly [trick: string, address: string])[] = [
  ['a list separated by a comma', 'a@evil.example,victim@corp.example'],
  ['a list separated by a semicolon', 'a@evil.example;victim@corp.example'],
  ['an address in angle brackets', 'victim@corp.example<a@evil.example>'],
  ['a quoted local part', '"x"@evil.example'],
  ['a NUL', 'victim@corp.example\u0000'],
  ['a space', 'victim@corp.example a@evil.example'],
  ['a line break', 'victim@corp.example\r\nBcc: a@evil.example'],
  ['a Unicode line separator', 'victim@corp.example\u2028'],
  ['a comment in parentheses', 'victim@corp.example(a@evil.example)'],
  ['a backslash', 'vic\\tim@corp.example'],
  ['a second at sign', 'a@evil.example@corp.example'],
  ['255 characters', `${'a'.repeat(64)}@${'b'.repeat(EMAIL_MAX_LENGTH - 68)}.com`],
];
