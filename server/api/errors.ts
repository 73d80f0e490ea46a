import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { AuthError, TooManyRequests, type AuthFailure } from '../auth/errors';
import { isDatabaseUnavailable } from '../auth/health';
import { errorBody as bodyOf } from '../web/error-body';
import type { ErrorCode } from './contract';

/** An answer the API gives on purpose, in the one JSON error shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The one JSON error shape (server/web/error-body.ts), with a code of the contract. */
export const errorBody = (statusCode: number, code: ErrorCode, message: string) => bodyOf(statusCode, code, message);

const FRAMEWORK_CODES: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** The HTTP answer to each refusal of the domain (server/auth/errors.ts). */
const DOMAIN_STATUSES: Record<AuthFailure, number> = {
  invalid_token: 401,
  token_expired: 401,
  forbidden: 403,
  mfa_setup_required: 403,
  account_disabled: 403,
};

/** The domain's refusal as the API answers it. */
function httpErrorOf(error: AuthError | TooManyRequests): HttpError {
  if (error instanceof TooManyRequests) {
    return new HttpError(429, 'rate_limited', error.message, { 'retry-after': String(error.retryAfterSeconds) });
  }
  return new HttpError(DOMAIN_STATUSES[error.failure], error.failure, error.message);
}

/** About a restart's or a failover's length: long enough not to hammer a recovering database. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The database cannot be reached for now: the client may try again, a load balancer may try another instance. */
const unavailable = () =>
  new HttpError(503, 'service_unavailable', 'The service cannot reach its database for now; try again shortly.', {
    'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });

/**
 * Every error leaves in the contract's shape; bad input is a 4xx, a database that cannot be reached
 * a 503, only a real fault is a 500.
 */
export function apiErrorHandler(error: FastifyError | HttpError | AuthError | TooManyRequests, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AuthError || error instanceof TooManyRequests) return apiErrorHandler(httpErrorOf(error), request, reply);
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send(errorBody(error.statusCode, error.code, error.message));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'request failed: the database cannot be reached');
    return apiErrorHandler(unavailable(), request, reply);
  }
  const status = error.validation ? 400 : (error.statusCode ?? 500);
  const code = FRAMEWORK_CODES[status];
  if (status >= 500 || !code) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ statusCode: 500, error: STATUS_CODES[500], message: 'Something went wrong.' });
  }
  return reply.code(status).send(errorBody(status, code, error.message));
}
