/**
 * The cookie that names a browser's pending sign-in (server/auth/password-sign-in.ts): HttpOnly,
 * so no script reads it; SameSite=Strict, so no other site's request carries it; Secure when the
 * front door is served over https; and sent only to the login operations under the API's path.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { PENDING_SIGN_IN_SECONDS } from '../auth/password-sign-in';
import { parseCookieHeader } from '../web/cookie-header';
import { secureAttribute } from '../web/secure-cookie';

export const PENDING_SIGN_IN_COOKIE = 'frontdoor_pending_sign_in';

type Where = Pick<ServerConfig, 'apiBasePath' | 'publicUrl'>;

function cookie(config: Where, value: string, maxAgeSeconds: number): string {
  const secure = secureAttribute(config);
  return `${PENDING_SIGN_IN_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=${config.apiBasePath}/login; HttpOnly; SameSite=Strict${secure}`;
}

export function heldPendingSignIn(request: FastifyRequest): string | undefined {
  return parseCookieHeader(request.headers.cookie).get(PENDING_SIGN_IN_COOKIE) || undefined;
}

export function holdPendingSignIn(reply: FastifyReply, config: Where, pendingSignIn: string): void {
  reply.header('set-cookie', cookie(config, pendingSignIn, PENDING_SIGN_IN_SECONDS));
}

export function dropPendingSignIn(reply: FastifyReply, config: Where): void {
  reply.header('set-cookie', cookie(config, '', 0));
}
