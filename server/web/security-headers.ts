import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { platformFrameSources } from '../../rules/platform-origins';

/** The one page other sites may frame: the embedded password change (flows 2, 4.10). */
export const EMBEDDED_PAGE = '/change-password';

/** How the CSP names an inline script or stylesheet it allows: `'sha256-…'` of its text. */
export const inlineHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

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
 * import map and start-up script and a page's own stylesheet, allowed by their hashes (the runtime
 * configuration and the texts are JSON data blocks, which never run). Only /change-password may be framed, and only by the
 * platform's origins and the configured parent origins; everything else, `frame-ancestors 'none'`
 * (no X-Frame-Options: it cannot name several origins, and browsers that know frame-ancestors ignore
 * it). No referrer: page URLs carry tokens (lcq, reset and invitation links).
 */
export function securityHeaders(config: ServerConfig, inline: InlineHashes, path: string, formTargets: readonly string[] = []): Record<string, string> {
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
      ["form-action 'self'", ...formTargets].join(' '),
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

/** The inline stylesheets of the page an answer carries (server/web/static.ts), by answer. */
const pageStyles = new WeakMap<FastifyReply, readonly string[]>();

/** Lets the answer's page use its own inline stylesheet, by its hashes; no other answer may use one. */
export function allowPageStyles(reply: FastifyReply, hashes: readonly string[]): void {
  pageStyles.set(reply, hashes);
}

/** Where the answer's page sends its form on to, beyond this origin; no other answer's form may leave. */
const pageFormTargets = new WeakMap<FastifyReply, readonly string[]>();

/**
 * Lets the answer's page send its form to the given origins, or be redirected there once sent
 * (browsers hold `form-action` to every redirect after the post): a development provider's sign-in
 * page, whose answer goes on to the front door's callback (server/dev/oidc-identity-provider.ts).
 */
export function allowFormTargets(reply: FastifyReply, origins: readonly string[]): void {
  pageFormTargets.set(reply, origins);
}

/** Sets the security headers on every answer, with the inline scripts of every page and the stylesheet and form targets of the answer's own. */
export function securityHeadersHook(config: ServerConfig, scripts: readonly string[]) {
  // One set of headers per page stylesheet, framing and form targets: as many as the pages have, made once.
  const made = new Map<string, Record<string, string>>();
  const headersFor = (path: string, styles: readonly string[], formTargets: readonly string[]) => {
    const framing = path === EMBEDDED_PAGE ? EMBEDDED_PAGE : '';
    const key = `${framing} ${styles.join(' ')} ${formTargets.join(' ')}`;
    let headers = made.get(key);
    if (!headers) made.set(key, (headers = securityHeaders(config, { scripts, styles }, framing, formTargets)));
    return headers;
  };
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.headers(headersFor(request.url.split('?')[0] ?? '', pageStyles.get(reply) ?? [], pageFormTargets.get(reply) ?? []));
    return payload;
  };
}
