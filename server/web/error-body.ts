/**
 * The one JSON error shape the server answers in (the contract's `Error`): the status, its reason
 * phrase, a message and a machine code. The API names its codes from the contract
 * (server/api/errors.ts); the pages' not-found answer uses the shape as it is (server/web/static.ts).
 */
import { STATUS_CODES } from 'node:http';

export function errorBody<Code extends string>(statusCode: number, code: Code, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, code };
}
