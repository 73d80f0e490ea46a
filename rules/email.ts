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
// `<` and `>` are written \x3c and \x3e: the pattern sits in an input's attribute in prerendered
// HTML, which server/web/prefilled-fields.ts reads tag by tag up to the first `>`.
const NOT_IN_ATOM = String.raw`\s\p{Cc}\p{Cf}\p{Cs}"\(\),.:;\x3c\x3e@\[\\\]`;
const ATOM = `[^${NOT_IN_ATOM}]+`;
const LETTERS_AND_DIGITS = String.raw`[\p{L}\p{M}\p{Nd}]+`;
const LABEL = `${LETTERS_AND_DIGITS}(?:-+${LETTERS_AND_DIGITS})*`;

export const EMAIL_PATTERN = new RegExp(String.raw`^${ATOM}(?:\.${ATOM})*@${LABEL}(?:\.${LABEL})+$`, 'u');
export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value) && [...value].length <= EMAIL_MAX_LENGTH;
}

/** The domain of an address, lower-case: the part after its last at sign. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
