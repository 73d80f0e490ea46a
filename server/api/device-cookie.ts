/**
 * The cookie that tells a browser from the others its person signs in from (server/auth/devices.ts):
 * a random value made at its first sign-in, kept 400 days (the longest a browser keeps a cookie),
 * HttpOnly, SameSite=Strict, Secure over https, and sent to the API's paths only.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { parseCookieHeader } from '../web/cookie-header';

export const DEVICE_COOKIE = 'frontdoor_device';
const MAX_AGE_SECONDS = 400 * 24 * 3600;
/** 32 random bytes in base64url, as this server writes them. */
const DEVICE_VALUE = /^[\w-]{43}$/;

/** The device the request comes from: its cookie's value, or a new one the answer sets. */
export function deviceOfRequest(request: FastifyRequest, reply: FastifyReply, config: Pick<ServerConfig, 'apiBasePath' | 'publicUrl'>): string {
  const held = parseCookieHeader(request.headers.cookie).get(DEVICE_COOKIE);
  if (held && DEVICE_VALUE.test(held)) return held;
  const device = randomBytes(32).toString('base64url');
  const secure = new URL(config.publicUrl).protocol === 'https:' ? '; Secure' : '';
  reply.header('set-cookie', `${DEVICE_COOKIE}=${device}; Max-Age=${MAX_AGE_SECONDS}; Path=${config.apiBasePath || '/'}; HttpOnly; SameSite=Strict${secure}`);
  return device;
}
