/**
 * Structured JSON logs that never hold secrets: requests are logged as method and path only (page
 * URLs carry tokens in their query; headers carry credentials), and bodies are never logged.
 */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { id: request.id, method: request.method, path: request.url.split('?')[0] };
      },
    },
  };
}
