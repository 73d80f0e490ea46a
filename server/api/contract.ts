/**
 * The server's side of the contract's types (openapi/auth.ts, generated from openapi/auth.yaml by
 * `npm run api:gen`): what each operation takes and answers, named by its operationId, so a route
 * never writes the contract's shapes again by hand and a typo in an operation, a field or an
 * error code is a type error.
 */
import type { components, operations } from '../../openapi/auth';

export type OperationId = keyof operations;

/** The machine codes of the contract's Error shape. */
export type ErrorCode = components['schemas']['ErrorCode'];

/** A schema of the contract's components. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type Parameters<Op extends OperationId> = operations[Op]['parameters'];
type ContentOf<Body> = Body extends { content: infer Content } ? Content[keyof Content] : never;

/**
 * The body an operation takes (JSON or a form); null where the body is optional or absent, which
 * the API reads as no body (server/api/plugin.ts).
 */
type BodyOf<Op extends OperationId> = operations[Op] extends { requestBody: infer Body }
  ? ContentOf<Body>
  : ContentOf<NonNullable<operations[Op]['requestBody']>> | null;

/** Fastify's route types of an operation: its path and query parameters and its body. */
export interface Route<Op extends OperationId> {
  Params: NonNullable<Parameters<Op>['path']>;
  Querystring: NonNullable<Parameters<Op>['query']>;
  Body: BodyOf<Op>;
}

/** The JSON answer of an operation with a status, for `satisfies` on what a route returns. */
export type Answer<Op extends OperationId, Status extends number = 200> =
  operations[Op]['responses'] extends Record<Status, { content: { 'application/json': infer Json } }> ? Json : never;
