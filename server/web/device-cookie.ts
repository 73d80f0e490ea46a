/**
 * The cookie that tells a browser from the others its person signs in from (server/auth/devices.ts)
 * and names the sessions it began (server/auth/sign-out.ts), as a request carries it: a random value
 * made at its first sign-in (server/api/device-cookie.ts writes it), read by the API and by the
 * OpenID Provider's sign-out.
 */
import { parseCookieHeader } from './cookie-header';

export const DEVICE_COOKIE = 'frontdoor_device';
/** 32 random bytes in base64url, as this server writes them. */
const DEVICE_VALUE = /^[\w-]{43}$/;

/** The device cookie a request carries, when it is one this server wrote. */
export function heldDevice(cookieHeader: string | undefined): string | undefined {
  const held = parseCookieHeader(cookieHeader).get(DEVICE_COOKIE);
  return held && DEVICE_VALUE.test(held) ? held : undefined;
}
