/**
 * An organisation's context (openapi/auth.yaml, schema Context): a letter or digit, then up to 62
 * letters, digits, `_` or `-`. Contexts stand in API paths and in cookie names (`token_{context}`),
 * so nothing else may pass for one. Shared by the app, the server and the contract.
 */
export const CONTEXT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

export function isContext(value: string): boolean {
  return CONTEXT_PATTERN.test(value);
}
