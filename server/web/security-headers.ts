import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { platformFrameSources } from '../../rules/platform-origins';

/** The one page other sites may frame: the embedded password change (flows 2, 4.10). */
export const EMBEDDED_PAGE = '/change-password';

/** Hashes of the pages' inline scripts and styles, which the CSP allows one by one. */
export interface InlineHashes {
  scripts: readonly string[];
  styles: readonly string[];
}

/**
 * Who may frame /change-password (flows 4.10): the platform's host and its subdomains over the front
 * door's scheme, then the origins ALLOWED_PARENT_ORIGINS adds.
 */
function embeddingSources(config: Pick<ServerConfig, 'publicUrl' | 'platformHost' | 'allowedParentOrigins'>): string[] {
  const sources = [...platformFrameSources(new URL(config.publicUrl).protocol, config.platformHost), ...config.allowedParentOrigins];
  return [...new Set(sources)];
}

/**
 * Headers on every answer. Scripts and styles come from this origin only, plus the pages' inline
 * import map and stylesheet, allowed by their hashes (the runtime configuration and the texts are
 * JSON data blocks, which never run). Only /change-password may be framed, and only by the
 * platform's origins and the configured parent origins; everything else, `frame-ancestors 'none'`
 * (no X-Frame-Options: it cannot name several origins, and browsers that know frame-ancestors ignore
 * it). No referrer: page URLs carry tokens (lcq, reset and invitation links).
 */
export function securityHeaders(config: ServerConfig, inline: InlineHashes, path: string): Record<string, string> {
  const parents = path === EMBEDDED_PAGE ? embeddingSources(config) : [];
  const headers: Record<string, string> = {
    'content-security-policy': [
      "default-src 'self'",
      ["script-src 'self'", ...inline.scripts].join(' '),
      ["style-src 'self'", ...inline.styles].join(' '),
      "img-src 'self' data: blob: https:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      `frame-ancestors ${parents.length > 0 ? parents.join(' ') : "'none'"}`,
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  if (config.publicUrl.startsWith('https:')) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

export function securityHeadersHook(config: ServerConfig, inline: InlineHashes) {
  const embedded = securityHeaders(config, inline, EMBEDDED_PAGE);
  const others = securityHeaders(config, inline, '');
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.headers(request.url.split('?')[0] === EMBEDDED_PAGE ? embedded : others);
    return payload;
  };
}
