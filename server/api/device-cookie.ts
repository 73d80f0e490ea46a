/**
 * The cookie that tells a browser from the others its person signs in from (server/auth/devices.ts)
 * and names the sessions it began (server/auth/sign-out.ts): a random value made at its
 * first sign-in, kept 400 days (the longest a browser keeps a cookie), HttpOnly, SameSite=Strict,
 * Secure over https, and sent to the API's paths and to the OpenID Provider's, whose sign-out ends
 * them too; nowhere else.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { DEVICE_COOKIE, heldDevice } from '../web/device-cookie';
import { OIDC_PREFIX } from '../auth/oidc-claims';
import { secureAttribute } from '../web/secure-cookie';

const MAX_AGE_SECONDS = 400 * 24 * 3600;

/**
 * The device the request comes from: its cookie's value, or a new one. A sign-in's answer writes it
 * for the API's path and the provider's, so a browser whose cookie predates the provider's copy gets
 * it at its next sign-in.
 */
export function deviceOfRequest(request: FastifyRequest, reply: FastifyReply, config: Pick<ServerConfig, 'apiBasePath' | 'publicUrl'>): string {
  const device = heldDevice(request.headers.cookie) ?? randomBytes(32).toString('base64url');
  const secure = secureAttribute(config);
  const apiPath = config.apiBasePath || '/';
  const paths = apiPath === '/' || OIDC_PREFIX.startsWith(`${apiPath}/`) ? [apiPath] : [apiPath, OIDC_PREFIX];
  for (const path of paths)
    reply.header('set-cookie', `${DEVICE_COOKIE}=${device}; Max-Age=${MAX_AGE_SECONDS}; Path=${path}; HttpOnly; SameSite=Strict${secure}`);
  return device;
}
