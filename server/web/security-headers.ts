import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * Headers on every answer. Scripts come from this origin only, plus the inline import map Parcel
 * writes into the page, allowed by its hash (the runtime configuration is a JSON data block, which
 * never runs). Only the configured parent origins may frame
 * the front door (the embedded /change-password page, spec section 2). No referrer: page URLs carry
 * tokens (lcq, reset and invitation links).
 */
export function securityHeaders(config: ServerConfig, inlineScriptHashes: readonly string[] = []): Record<string, string> {
  const frameAncestors = ["'self'", ...config.allowedParentOrigins].join(' ');
  const headers: Record<string, string> = {
    'content-security-policy': [
      "default-src 'self'",
      ["script-src 'self'", ...inlineScriptHashes].join(' '),
      "style-src 'self'",
      "img-src 'self' data: blob: https:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  if (config.publicUrl.startsWith('https:')) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

export function securityHeadersHook(config: ServerConfig, inlineScriptHashes: readonly string[]) {
  const headers = securityHeaders(config, inlineScriptHashes);
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.headers(headers);
    return payload;
  };
}
