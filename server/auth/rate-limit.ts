/**
 * Fixed-window counters in the database, so every instance counts the same attempts.
 * The limits are listed in README.md ("Throttling").
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { HttpError } from '../api/errors';

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
  /** Mails to one address, whatever asks for them: no mail bombing through register or reset. */
  mailsPerRecipient: { name: 'mails-to', max: 5, windowSeconds: 60 * 60 },
  ssoLookup: { name: 'sso-lookup', max: 120, windowSeconds: 60 },
  setMfa: { name: 'set-mfa', max: 30, windowSeconds: 15 * 60 },
  setPassword: { name: 'set-password', max: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/** Counts one hit; answers whether it is within the limit and when the window ends. */
export async function hit(db: Queryable, limit: Limit, subject: string): Promise<{ allowed: boolean; retryAfter: number }> {
  const [row] = await db.query<{ count: number; remaining: number }>(
    `INSERT INTO rate_counters AS c (key, count, window_end) VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN c.window_end <= now() THEN 1 ELSE c.count + 1 END,
       window_end = CASE WHEN c.window_end <= now() THEN now() + make_interval(secs => $2) ELSE c.window_end END
     RETURNING count, extract(epoch FROM (window_end - now()))::float8 AS remaining`,
    [`${limit.name}:${subject}`, limit.windowSeconds],
  );
  return { allowed: row!.count <= limit.max, retryAfter: Math.max(1, Math.ceil(row!.remaining)) };
}

/** How many hits the current window holds, without counting one. */
export async function count(db: Queryable, limit: Limit, subject: string): Promise<{ count: number; retryAfter: number }> {
  const [row] = await db.query<{ count: number; remaining: number }>(
    `SELECT count, extract(epoch FROM (window_end - now()))::float8 AS remaining FROM rate_counters
     WHERE key = $1 AND window_end > now()`,
    [`${limit.name}:${subject}`],
  );
  return row ? { count: row.count, retryAfter: Math.max(1, Math.ceil(row.remaining)) } : { count: 0, retryAfter: 0 };
}

export function tooManyRequests(retryAfter: number, message = 'Too many attempts. Try again later.'): HttpError {
  return new HttpError(429, 'rate_limited', message, { 'retry-after': String(retryAfter) });
}

/** Counts a request against a per-address limit and refuses it past the limit. */
export async function limitByAddress(db: Queryable, limit: Limit, request: FastifyRequest): Promise<void> {
  const result = await hit(db, limit, request.ip);
  if (!result.allowed) throw tooManyRequests(result.retryAfter);
}
