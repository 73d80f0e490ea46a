/**
 * Fixed-window counters in the database, so every instance counts the same attempts.
 * The limits are listed in docs/security.md ("Throttling").
 */
import { isIPv6 } from 'node:net';
import type { Queryable } from '../db/database-types';
import { countHit } from '../db/rate-counters';
import { TooManyRequests } from './errors';

export interface Limit {
  /** What is counted, e.g. 'register'. */
  name: string;
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  /** Failed passwords and codes from one client address. */
  loginFailuresPerAddress: { name: 'login-failures', max: 30, windowSeconds: 15 * 60 },
  register: { name: 'register', max: 20, windowSeconds: 15 * 60 },
  forgotPassword: { name: 'forgot-password', max: 20, windowSeconds: 15 * 60 },
  /** Link mails to one address, whatever asks for them: no mail bombing through register or reset. */
  mailsPerRecipient: { name: 'mails-to', max: 5, windowSeconds: 60 * 60 },
  /**
   * Alerts of account changes, and the new password's link after "This wasn't me", to one address:
   * a count of their own, which no stranger's register or reset requests can fill.
   */
  alertsPerRecipient: { name: 'alerts-to', max: 10, windowSeconds: 60 * 60 },
  ssoLookup: { name: 'sso-lookup', max: 120, windowSeconds: 60 },
  setMfa: { name: 'set-mfa', max: 30, windowSeconds: 15 * 60 },
  setPassword: { name: 'set-password', max: 30, windowSeconds: 15 * 60 },
  /** SAML login URLs (each stores a request) and assertion consumer posts. */
  saml: { name: 'saml', max: 60, windowSeconds: 60 },
  /**
   * Passkey sign-in options and answers: every view of Login asks for options, so the limit is the
   * page's, not a password's.
   */
  passkeys: { name: 'passkeys', max: 300, windowSeconds: 60 },
  /** A signed-in user's passkey ceremonies (each registration's options store a challenge). */
  addPasskey: { name: 'add-passkey', max: 30, windowSeconds: 15 * 60 },
  /** "This wasn't me" links followed from one address. */
  secureAccount: { name: 'secure-account', max: 30, windowSeconds: 15 * 60 },
  /** The app's error reports. */
  clientErrors: { name: 'client-errors', max: 30, windowSeconds: 60 },
  /** Apps' authorization requests (each stores an interaction) and token requests (server/oidc/mount.ts). */
  oidc: { name: 'oidc', max: 120, windowSeconds: 60 },
  /** Device codes typed on the front door's code page, right or wrong, from one address (server/oidc/devices.ts). */
  deviceCodes: { name: 'device-codes', max: 20, windowSeconds: 15 * 60 },
  /** A device's polls of its code: one per interval, else `slow_down` (RFC 8628 section 3.5). */
  devicePolls: { name: 'device-polls', max: 1, windowSeconds: 5 },
  /** A company directory's SCIM requests, per token (server/scim/routes.ts): room for a first sync of thousands. */
  scim: { name: 'scim', max: 1200, windowSeconds: 60 },
} satisfies Record<string, Limit>;

/** IPv6 addresses count by /64, the block one subscriber usually holds; IPv4 by address. */
export function clientKey(address: string): string {
  // Without the zone index (fe80::1%eth0).
  const ip = (address.split('%', 1)[0] ?? '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const parts = ip.includes('::') ? [...headParts, ...Array<string>(8 - headParts.length - tailParts.length).fill('0'), ...tailParts] : headParts;
  return `${parts
    .slice(0, 4)
    .map((part) => part.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export const limitKey = (limit: Limit, subject: string) => `${limit.name}:${subject}`;

/** Counts one hit; answers whether it is within the limit and when the window ends. */
export async function hit(db: Queryable, limit: Limit, subject: string): Promise<{ allowed: boolean; retryAfter: number }> {
  const { count, remaining } = await countHit(db, limitKey(limit, subject), limit.windowSeconds);
  return { allowed: count <= limit.max, retryAfter: Math.max(1, Math.ceil(remaining)) };
}

/** Counts a request against a limit for its subject and refuses it past the limit. */
export async function enforce(db: Queryable, limit: Limit, subject: string): Promise<void> {
  const result = await hit(db, limit, subject);
  if (!result.allowed) throw new TooManyRequests(result.retryAfter);
}

/** Counts a request against a per-address limit and refuses it past the limit. */
export function limitByAddress(db: Queryable, limit: Limit, clientAddress: string): Promise<void> {
  return enforce(db, limit, clientKey(clientAddress));
}
