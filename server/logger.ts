/**
 * Structured JSON logs that never hold secrets or e-mail addresses: requests are logged as method
 * and path only (page URLs carry tokens in their query; headers carry credentials), a path segment
 * that holds an address (the SSO-mode look-up's) is replaced by `{email}`, and bodies are never
 * logged.
 */
export function loggedPath(url: string): string {
  return (url.split('?')[0] ?? '')
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? '{email}' : segment))
    .join('/');
}

/** Stand-ins for what may be a secret or an address in free text, most specific first. */
const SECRETS: [RegExp, string][] = [
  [/\b(password|passwd|pwd|secret|token|challenge|code)(\s*[=:]\s*)\S+/gi, '$1$2[redacted]'],
  [/\b(bearer|basic)\s+\S+/gi, '$1 [redacted]'],
  [/eyJ[\w-]*\.[\w-]*\.?[\w-]*/g, '[redacted]'],
  // An address starts a word (or follows another @), so a run without @ is read once, not once per character.
  [/(?<![^\s@])[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+/g, '[redacted]'],
  [/[\w+/=-]{24,}/g, '[redacted]'],
  [/(?<!\d)\d{6}(?!\d)/g, '[redacted]'],
];

/** Free text from outside (the app's error reports) with tokens, credentials, codes and addresses replaced. */
export function redactSecrets(text: string): string {
  // eslint-disable-next-line no-restricted-syntax -- the replacements are the literals of SECRETS above
  return SECRETS.reduce((redacted, [pattern, replacement]) => redacted.replace(pattern, replacement), text);
}

export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { id: request.id, method: request.method, path: loggedPath(request.url) };
      },
    },
  };
}
