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

/** Over https, browsers are told to come back over https only: on every answer, the provider's too (server/oidc/mount.ts). */
export const transportHeaders = (config: Pick<ServerConfig, 'publicUrl'>): Record<string, string> =>
  config.publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {};

/**
 * Headers of a page (an HTML answer). Scripts and styles come from this origin only, plus the pages'
 * inline import map and start-up script and a page's own stylesheet, allowed by their hashes (the
 * runtime configuration and the texts are JSON data blocks, which never run). Only /change-password
 * may be framed, and only by the platform's origins and the configured parent origins; everything
 * else, `frame-ancestors 'none'` (no X-Frame-Options: it cannot name several origins, and browsers
 * that know frame-ancestors ignore it). No referrer: page URLs carry tokens (lcq, reset and
 * invitation links).
 */
function pageHeaders(config: ServerConfig, inline: InlineHashes, path: string, formTargets: readonly string[] = []): Record<string, string> {
  const parents = path === EMBEDDED_PAGE ? embeddingSources(config) : [];
  return {
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
    ...transportHeaders(config),
  };
}

/**
 * Headers of every answer that is no page: the API's JSON, a script, a stylesheet, an image, a
 * redirect. A page's policy says nothing to them, so theirs only says that nothing may run or load
 * in one opened on its own, nor frame it; the page's, some 400 bytes, is not sent again with each
 * of the files and calls of a step on a slow line (docs/decisions/0018-one-round-trip-a-step.md,
 * "The headers of what is no page"). No referrer either: a redirect's next request would send one.
 */
export function resourceHeaders(config: Pick<ServerConfig, 'publicUrl'>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...transportHeaders(config),
  };
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

/**
 * Sets the security headers on every answer: a page's with the inline scripts of every page and the
 * stylesheet and form targets of its own, any other answer's by `resourceHeaders`.
 */
export function securityHeadersHook(config: ServerConfig, scripts: readonly string[]) {
  // One set of headers per page stylesheet, framing and form targets: as many as the pages have, made once.
  const made = new Map<string, Record<string, string>>();
  const headersFor = (path: string, styles: readonly string[], formTargets: readonly string[]) => {
    const framing = path === EMBEDDED_PAGE ? EMBEDDED_PAGE : '';
    const key = `${framing} ${styles.join(' ')} ${formTargets.join(' ')}`;
    let headers = made.get(key);
    if (!headers) made.set(key, (headers = pageHeaders(config, { scripts, styles }, framing, formTargets)));
    return headers;
  };
  const resource = resourceHeaders(config);
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const page = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    reply.headers(page ? headersFor(request.url.split('?')[0] ?? '', pageStyles.get(reply) ?? [], pageFormTargets.get(reply) ?? []) : resource);
    return payload;
  };
}
