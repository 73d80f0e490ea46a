/**
 * The e-mail rule: one mailbox of RFC 5321, and nothing a mail header could read as more than one.
 * Shared by the app, the server (the Email pattern of openapi/auth.yaml is this pattern's source)
 * and the contract checker. It keeps within flows 5's rule (non-space text, an at sign, non-space
 * text, a dot, non-space text) and narrows it:
 * - the local part is dot-separated atoms; an atom holds any character but whitespace, control and
 *   format characters, lone surrogates and RFC 5322's specials `( ) < > [ ] : ; @ \ , . "`, which is
 *   RFC 5321's atext in ASCII and welcomes every other script (RFC 6531);
 * - the domain is two labels or more of letters of any script (an IDN), marks, digits and inner
 *   hyphens;
 * - at most 254 characters (RFC 5321's path limit less its angle brackets), counted as JSON
 *   Schema's maxLength counts them: one per code point.
 * No class holds the dot or the at sign that may follow it, so the pattern matches in linear time.
 * It is valid with the `u` flag (ajv, the contract checker) and the `v` flag (browsers compile an
 * input's `pattern` with it), hence the escapes inside the classes.
 */
// What an atom never holds, but for the dot, written on both sides of it so that the contract's
// class reads as it always has.
const NOT_IN_ATOM_BEFORE_DOT = String.raw`\s\p{Cc}\p{Cf}\p{Cs}"\(\),`;
// `<` and `>` are written \x3c and \x3e: the pattern sits in an input's attribute in prerendered
// HTML, which server/web/prefilled-fields.ts reads tag by tag up to the first `>`.
const NOT_IN_ATOM_AFTER_DOT = String.raw`:;\x3c\x3e@\[\\\]`;
const ATOM = `[^${NOT_IN_ATOM_BEFORE_DOT}.${NOT_IN_ATOM_AFTER_DOT}]+`;
const LETTER_OR_DIGIT = '\\p{L}\\p{M}\\p{Nd}';
const LETTERS_AND_DIGITS = `[${LETTER_OR_DIGIT}]+`;
const LABEL = `${LETTERS_AND_DIGITS}(?:-+${LETTERS_AND_DIGITS})*`;

/** The contract's form (openapi/auth.yaml), for schemas; the app's code has no use for it. */
export const EMAIL_PATTERN = /* @__PURE__ */ new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, 'u');

// The local part as one run of the atoms' characters and their dots.
const IN_LOCAL_PART = `[^${NOT_IN_ATOM_BEFORE_DOT}${NOT_IN_ATOM_AFTER_DOT}]+`;

/**
 * The same rule for an input's `pattern`, which compiles three times faster: a browser compiles an
 * input's pattern at its first input, with the `v` flag, and the form above, six large Unicode
 * classes, held that input's frame for about 24 ms with the CPU 4x slower
 * (docs/decisions/0018-one-round-trip-a-step.md, "Where the rest goes"). Lookaheads place the dots
 * and hyphens, so each class is written once. The contract keeps the form without lookarounds,
 * which engines without them (RE2) read too; rules.test.ts checks that both take the same strings.
 * Each lookahead scans the rest of the value once, so it too matches in linear time.
 */
export const EMAIL_INPUT_PATTERN = String.raw`^(?!\.)(?!.*\.[.@])${IN_LOCAL_PART}@(?![\-.])(?!.*(?:[\-.]\.|\.-|[\-.]$))(?=.*\.)[\-.${LETTER_OR_DIGIT}]+$`;
export const EMAIL_MAX_LENGTH = 254;

const EMAIL_RULE = new RegExp(EMAIL_INPUT_PATTERN, 'u');

export function isEmail(value: string): boolean {
  return EMAIL_RULE.test(value) && [...value].length <= EMAIL_MAX_LENGTH;
}

/** The domain of an address, lower-case: the part after its last at sign. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
