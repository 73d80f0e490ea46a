/**
 * Structured JSON logs that never hold secrets: query strings are dropped (page URLs carry tokens),
 * credentials headers are redacted, and bodies are never logged.
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { id: request.id, method: request.method, path: request.url.split('?')[0] };
      },
    },
  };
}
