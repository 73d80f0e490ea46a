/**
 * What every operation needs around the one client: a network failure is an answer too (status 0),
 * and a 429 carries how long to wait, so screens can switch on plain results.
 */
import type { components } from '../../openapi/auth';

/** The machine codes of the contract's Error shape: a code compared with one it does not list is a type error. */
export type ErrorCode = components['schemas']['ErrorCode'];

export interface Answer<T> {
  status: number;
  data?: T;
  headers?: Headers;
  /** The `code` of an error answer (the contract's Error shape), for refusals screens tell apart. */
  code?: ErrorCode;
}

/**
 * Runs a client call; a failure to reach the API answers status 0 instead of throwing. A code the
 * contract does not list (a newer server's) equals none the app compares with (contract, ErrorCode).
 */
export async function answerOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Answer<T>> {
  try {
    const { data, error, response } = await call;
    const code = (error as { code?: unknown } | undefined)?.code;
    return { status: response.status, data, headers: response.headers, ...(typeof code === 'string' ? { code: code as ErrorCode } : {}) };
  } catch (error) {
    console.error('The auth API could not be reached.', error);
    return { status: 0 };
  }
}

/** A refusal for too many attempts, with the seconds to wait from `Retry-After`. */
export interface RateLimited {
  kind: 'rate-limited';
  retryAfterSeconds: number;
}

export function rateLimited(answer: Answer<unknown>): RateLimited {
  const seconds = Number(answer.headers?.get('retry-after'));
  return { kind: 'rate-limited', retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60 };
}

/** Anything the screens do not tell apart: error.general (flows 8). */
export interface Failed {
  kind: 'failed';
  status: number;
  /** The error's code, where the answer had one: `account_disabled` has words of its own (src/steps/failure.ts). */
  code?: ErrorCode;
}

export const failed = (answer: Answer<unknown>): Failed => ({ kind: 'failed', status: answer.status, ...(answer.code ? { code: answer.code } : {}) });
