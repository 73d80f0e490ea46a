/**
 * Each route's schemas straight from openapi/auth.yaml (the contract): the request's path, query
 * and body as the operation describes them, so the server accepts exactly what the contract allows;
 * and the answer of each status, so the server cannot answer outside it. JSON answers are serialised
 * through their schema (fast-json-stringify: a property the contract does not name never leaves);
 * text/plain answers are checked against theirs before they leave.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import type { OperationId } from './contract';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Json;
}
interface MediaTypes {
  content?: Record<string, { schema: Json }>;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean } & Required<MediaTypes>;
  responses: Record<string, MediaTypes>;
}

export const OPENAPI_FILE = fileURLToPath(new URL('../../openapi/auth.yaml', import.meta.url));
const document = parse(readFileSync(OPENAPI_FILE, 'utf8')) as { paths: Record<string, Record<string, unknown>> };

/** Annotations the validators do not need (and, in strict mode, would refuse). */
const ANNOTATIONS = new Set(['example', 'examples', 'description', 'summary', 'contentEncoding', 'contentMediaType']);

function resolve(node: Json): Json {
  if (Array.isArray(node)) return node.map(resolve);
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Json>(
        (value, key) => {
          const next = (value as Record<string, Json>)[key];
          if (next === undefined) throw new Error(`The contract's ${ref} points nowhere.`);
          return next;
        },
        document as unknown as Json,
      );
    return resolve(target);
  }
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !ANNOTATIONS.has(key) && !key.startsWith('x-'))
      .map(([key, value]) => [key, resolve(value)]),
  );
}

const operations = new Map<string, { path: string; operation: Operation; shared: Parameter[] }>();
for (const [path, item] of Object.entries(document.paths)) {
  const shared = ((item.parameters as Json[] | undefined) ?? []).map((parameter) => resolve(parameter) as unknown as Parameter);
  for (const [method, operation] of Object.entries(item)) {
    if (method === 'parameters') continue;
    const op = operation as Operation;
    operations.set(op.operationId, { path, operation: op, shared });
  }
}

function entryOf(operationId: string) {
  const entry = operations.get(operationId);
  if (!entry) throw new Error(`openapi/auth.yaml has no operation ${operationId}.`);
  return entry;
}

function objectOf(parameters: Parameter[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

const TEXT = 'text/plain';
const textValidator = new Ajv({ strict: true, allErrors: false });
addFormats(textValidator);

/** The answers of an operation: JSON schemas per status for the serialiser, text checks per status. */
function answersOf(operation: Operation) {
  const json: Record<string, Json> = {};
  const text = new Map<number, (body: string) => boolean>();
  for (const [status, listed] of Object.entries(operation.responses)) {
    const { content } = resolve(listed as Json) as MediaTypes;
    if (content?.['application/json']) json[status] = content['application/json'].schema;
    if (content?.[TEXT]) text.set(Number(status), textValidator.compile(content[TEXT].schema as object));
  }
  return { json, text };
}

/** An onSend hook that refuses a text/plain answer its status's schema does not allow. */
function textAnswerCheck(operationId: string, checks: Map<number, (body: string) => boolean>) {
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const check = checks.get(reply.statusCode);
    const isText = String(reply.getHeader('content-type') ?? '').startsWith(TEXT);
    if (check && isText && typeof payload === 'string' && !check(payload)) {
      throw new Error(`The ${reply.statusCode} answer of ${operationId} is outside openapi/auth.yaml.`);
    }
    return payload;
  };
}

/** The Fastify route options of an operation of the contract: its schemas and the text answer check. */
export function routeOptions(operationId: OperationId): RouteShorthandOptions {
  const { operation, shared } = entryOf(operationId);
  const parameters = [...shared, ...(operation.parameters ?? []).map((parameter) => resolve(parameter as unknown as Json) as unknown as Parameter)];
  const schema: FastifySchema = {};
  const path = parameters.filter((parameter) => parameter.in === 'path');
  const query = parameters.filter((parameter) => parameter.in === 'query');
  if (path.length > 0) schema.params = objectOf(path);
  if (query.length > 0) schema.querystring = objectOf(query);
  const body = operation.requestBody;
  const content = body?.content['application/json'] ?? body?.content['application/x-www-form-urlencoded'];
  if (content) {
    const bodySchema = resolve(content.schema);
    // An optional body (setMfa's setup call) may be absent, which the API sees as null.
    schema.body = body?.required ? bodySchema : { anyOf: [{ type: 'null' }, bodySchema] };
  }
  const answers = answersOf(operation);
  schema.response = answers.json;
  return answers.text.size > 0 ? { schema, onSend: textAnswerCheck(operationId, answers.text) } : { schema };
}

/** The Fastify route path of an operation: `{name}` becomes `:name`. */
export function routePath(operationId: OperationId): string {
  return entryOf(operationId).path.replace(/\{([^{}]+)\}/g, ':$1');
}
