/**
 * The contract the checker holds servers to: openapi/auth.yaml, read as data, with its
 * operations found by operationId and its OpenAPI-level `$ref`s (responses, headers) followed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const CONTRACT_FILE = fileURLToPath(new URL('../../openapi/auth.yaml', import.meta.url));

export type JsonObject = { [key: string]: unknown };

export interface ContractOperation {
  operationId: string;
  /** Upper case, as sent on the wire. */
  method: string;
  /** The path template of the contract, e.g. `/{context}/user/{userId}`. */
  pathTemplate: string;
  /** JSON pointer of the operation object inside the document. */
  pointer: string;
  responses: JsonObject;
}

export interface ContractDocument {
  document: JsonObject;
  operation(operationId: string): ContractOperation;
  /**
   * Follows `$ref`s from the object at `pointer` until a plain object; answers it with its own
   * pointer, so schemas inside it can be addressed where they really are.
   */
  follow(pointer: string): { pointer: string; value: JsonObject };
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** One JSON pointer segment (RFC 6901). */
export const pointerSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function valueAt(document: JsonObject, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((value, key) => (value as JsonObject | undefined)?.[key], document);
}

export function loadContract(file = CONTRACT_FILE): ContractDocument {
  const document = parse(readFileSync(file, 'utf8')) as JsonObject;
  const operations = new Map<string, ContractOperation>();
  for (const [pathTemplate, item] of Object.entries(document.paths as Record<string, JsonObject>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const { operationId, responses } = operation as { operationId: string; responses: JsonObject };
      operations.set(operationId, {
        operationId,
        method: method.toUpperCase(),
        pathTemplate,
        pointer: `/paths/${pointerSegment(pathTemplate)}/${method}`,
        responses,
      });
    }
  }

  function follow(pointer: string): { pointer: string; value: JsonObject } {
    const value = valueAt(document, pointer) as JsonObject | undefined;
    if (!value) throw new Error(`${file} has nothing at #${pointer}.`);
    const ref = value.$ref;
    if (typeof ref !== 'string') return { pointer, value };
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, found ${ref} at #${pointer}.`);
    return follow(ref.slice(1));
  }

  return {
    document,
    follow,
    operation(operationId) {
      const operation = operations.get(operationId);
      if (!operation) throw new Error(`${file} has no operation ${operationId}.`);
      return operation;
    },
  };
}
