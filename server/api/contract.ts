/**
 * Request validation straight from openapi/auth.yaml: each route's Fastify schema (path, query,
 * body) is the operation's, so the server accepts exactly what the contract describes.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { FastifySchema } from 'fastify';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Json;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
}

export const CONTRACT_PATH = fileURLToPath(new URL('../../openapi/auth.yaml', import.meta.url));
const document = parse(readFileSync(CONTRACT_PATH, 'utf8')) as { paths: Record<string, Record<string, unknown>> };

/** Annotations Ajv does not need (and, in strict mode, would refuse). */
const ANNOTATIONS = new Set(['example', 'examples', 'description', 'summary', 'contentEncoding', 'contentMediaType']);

function resolve(node: Json): Json {
  if (Array.isArray(node)) return node.map(resolve);
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    const target = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Json>((value, key) => (value as Record<string, Json>)[key]!, document as unknown as Json);
    return resolve(target);
  }
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !ANNOTATIONS.has(key) && !key.startsWith('x-'))
      .map(([key, value]) => [key, resolve(value)]),
  );
}

const operations = new Map<string, { path: string; method: string; operation: Operation; shared: Parameter[] }>();
for (const [path, item] of Object.entries(document.paths)) {
  const shared = ((item.parameters as Json[] | undefined) ?? []).map((parameter) => resolve(parameter) as unknown as Parameter);
  for (const [method, operation] of Object.entries(item)) {
    if (method === 'parameters') continue;
    const op = operation as Operation;
    operations.set(op.operationId, { path, method, operation: op, shared });
  }
}

function objectOf(parameters: Parameter[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

/** The Fastify schema of an operation of the contract. */
export function routeSchema(operationId: string): FastifySchema {
  const entry = operations.get(operationId);
  if (!entry) throw new Error(`openapi/auth.yaml has no operation ${operationId}.`);
  const parameters = [
    ...entry.shared,
    ...(entry.operation.parameters ?? []).map((parameter) => resolve(parameter as unknown as Json) as unknown as Parameter),
  ];
  const schema: FastifySchema = {};
  const path = parameters.filter((parameter) => parameter.in === 'path');
  const query = parameters.filter((parameter) => parameter.in === 'query');
  if (path.length > 0) schema.params = objectOf(path);
  if (query.length > 0) schema.querystring = objectOf(query);
  const body = entry.operation.requestBody;
  const content = body?.content['application/json'] ?? body?.content['application/x-www-form-urlencoded'];
  if (content) {
    const bodySchema = resolve(content.schema);
    // An optional body (setMfa's setup call) may be absent, which the API sees as null.
    schema.body = body?.required ? bodySchema : { anyOf: [{ type: 'null' }, bodySchema] };
  }
  return schema;
}

/** The Fastify route path of an operation: `{name}` becomes `:name`. */
export function routePath(operationId: string): string {
  const entry = operations.get(operationId);
  if (!entry) throw new Error(`openapi/auth.yaml has no operation ${operationId}.`);
  return entry.path.replace(/\{([^}]+)\}/g, ':$1');
}
