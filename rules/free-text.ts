/**
 * Text a person wrote (a name, a password) holds no control character (C0, DEL, C1) and no Unicode
 * line or paragraph separator: no one types them into a field, and they would break a log line, a
 * mail header or a list. The contract's free-text fields carry the same pattern (openapi/auth.yaml).
 */
// The control characters are what the pattern is about.
// eslint-disable-next-line no-control-regex
const FREE_TEXT = /^[^\x00-\x1F\x7F-\x9F\u2028\u2029]*$/u;

export const isFreeText = (value: string): boolean => FREE_TEXT.test(value);
