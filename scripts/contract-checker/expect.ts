/**
 * Expectations of the checks. A failed one throws a message that names the operation, what the
 * contract expects and what the server answered, so a backend team can act on it directly.
 */
import type { components } from '../../openapi/auth';
import type { Exchange } from './http';

type ErrorCode = components['schemas']['ErrorCode'];

const BODY_EXCERPT_LENGTH = 300;

export function describeAnswer(exchange: Exchange): string {
  const body = exchange.body.length > BODY_EXCERPT_LENGTH ? `${exchange.body.slice(0, BODY_EXCERPT_LENGTH)}…` : exchange.body;
  return `${exchange.status}${body ? ` ${body}` : ' (no body)'}`;
}

export function expectThat(condition: boolean, exchange: Exchange | undefined, expected: string, got?: string): asserts condition {
  if (condition) return;
  const where = exchange ? `${exchange.method} ${exchange.path} (${exchange.operationId}): ` : '';
  const answer = got ?? (exchange ? describeAnswer(exchange) : 'something else');
  throw new Error(`${where}expected ${expected}, got ${answer}`);
}

export function expectStatus(exchange: Exchange, status: number): void {
  expectThat(exchange.status === status, exchange, `status ${status}`);
}

/** The error body's `code`, if the body is the contract's Error shape. */
function errorCode(exchange: Exchange): string | undefined {
  try {
    const code = (JSON.parse(exchange.body) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** An error answer with the status and the `code` the contract names for this case. */
export function expectError(exchange: Exchange, status: number, ...codes: ErrorCode[]): void {
  expectStatus(exchange, status);
  const code = errorCode(exchange);
  expectThat(
    codes.some((expected) => expected === code),
    exchange,
    `code ${codes.join(' or ')}`,
    `code ${code ?? '(none)'}`,
  );
}

export function jsonBody<T>(exchange: Exchange): T {
  try {
    return JSON.parse(exchange.body) as T;
  } catch {
    throw new Error(`${exchange.method} ${exchange.path} (${exchange.operationId}): expected a JSON body, got ${describeAnswer(exchange)}`);
  }
}

/** What a later check needs from an earlier one; missing when that one failed. */
export function needs<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`not run: needs ${what}, which an earlier check did not provide`);
  return value;
}
