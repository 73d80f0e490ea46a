/**
 * Whether one response honours the contract: its status is listed for the operation, the headers
 * the contract requires are there (and the described ones hold their schema), and the body is of a
 * listed content type and validates against that content's schema. Schemas are compiled by Ajv
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1) straight out of the document, so their `$ref`s
 * resolve against it exactly as written.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { pointerSegment, type ContractDocument, type JsonObject } from './document';

export interface ObservedResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** Contract violations of one response, one sentence each; empty when it honours the contract. */
export type ResponseValidator = (operationId: string, response: ObservedResponse) => string[];

const DOCUMENT_ID = 'urn:frontdoor:openapi:auth.yaml';

/** Fields of an OpenAPI document's root: not schema keywords, but Ajv compiles the root when a `$ref` points into it. */
const OPENAPI_ROOT_FIELDS = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags', 'externalDocs'];

const mediaTypeOf = (contentType: string | null) => {
  const [mediaType = ''] = (contentType ?? '').split(';');
  return mediaType.trim().toLowerCase();
};
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

function describeErrors(errors: ErrorObject[] | null | undefined, where: string): string[] {
  return (errors ?? []).map((error) => `${where}${error.instancePath} ${error.message ?? 'is invalid'}${paramsNote(error)}`);
}

/** Ajv's messages leave out which value an enum or const wanted; that is what a reader needs. */
function paramsNote(error: ErrorObject): string {
  if (error.keyword === 'enum') return ` (${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')})`;
  if (error.keyword === 'additionalProperties') return ` (${(error.params as { additionalProperty: string }).additionalProperty})`;
  return '';
}

/** The response object listed for a status: exact code first, then a range such as `4XX`, then `default`. */
function listedResponseKey(responses: JsonObject, status: number): string | undefined {
  return [String(status), `${String(status)[0]}XX`, 'default'].find((key) => key in responses);
}

export function createResponseValidator(contract: ContractDocument): ResponseValidator {
  // strict stays on so a typo in a schema keyword is an error, not a silently ignored word.
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addKeyword('example'); // OpenAPI's annotation; no validation meaning.
  ajv.addVocabulary(OPENAPI_ROOT_FIELDS);
  ajv.addSchema({ ...contract.document, $id: DOCUMENT_ID });

  const compiled = new Map<string, ValidateFunction>();
  function schemaAt(pointer: string): ValidateFunction {
    let validate = compiled.get(pointer);
    if (!validate) {
      const fragment = pointer.split('/').map(encodeURIComponent).join('/');
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${fragment}` });
      compiled.set(pointer, validate);
    }
    return validate;
  }

  function headerProblems(responsePointer: string, headers: JsonObject | undefined, observed: Headers): string[] {
    const problems: string[] = [];
    for (const name of Object.keys(headers ?? {})) {
      const { pointer, value: header } = contract.follow(`${responsePointer}/headers/${pointerSegment(name)}`);
      const sent = observed.get(name);
      if (sent === null) {
        if (header.required === true) problems.push(`header ${name} is required but missing`);
        continue;
      }
      if (!header.schema) continue;
      const schema = contract.follow(`${pointer}/schema`).value;
      // Header values are text on the wire; a numeric schema describes the number they spell.
      const value = schema.type === 'integer' || schema.type === 'number' ? Number(sent) : sent;
      const validate = schemaAt(`${pointer}/schema`);
      if (!validate(value)) problems.push(...describeErrors(validate.errors, `header ${name}: "${sent}"`));
    }
    return problems;
  }

  function bodyProblems(responsePointer: string, content: JsonObject | undefined, observed: ObservedResponse): string[] {
    const contentType = observed.headers.get('content-type');
    if (!content) {
      if (observed.body.length === 0) return [];
      return [`the contract gives this status no body, got ${observed.body.length} bytes of ${contentType ?? 'unknown type'}`];
    }
    const mediaType = mediaTypeOf(contentType);
    if (!(mediaType in content)) return [`content type "${contentType ?? ''}" is not listed (listed: ${Object.keys(content).join(', ')})`];
    if (observed.body.length === 0) return [`the body is empty; the contract describes a ${mediaType} body`];
    let body: unknown = observed.body;
    if (isJson(mediaType)) {
      try {
        body = JSON.parse(observed.body);
      } catch {
        return [`the body is not valid JSON: ${observed.body.slice(0, 80)}`];
      }
    }
    const schemaPointer = `${responsePointer}/content/${pointerSegment(mediaType)}/schema`;
    const validate = schemaAt(schemaPointer);
    return validate(body) ? [] : describeErrors(validate.errors, 'body');
  }

  return (operationId, observed) => {
    const operation = contract.operation(operationId);
    const key = listedResponseKey(operation.responses, observed.status);
    if (!key) return [`status ${observed.status} is not listed (listed: ${Object.keys(operation.responses).join(', ')})`];
    const { pointer, value: response } = contract.follow(`${operation.pointer}/responses/${key}`);
    return [
      ...headerProblems(pointer, response.headers as JsonObject | undefined, observed.headers),
      ...bodyProblems(pointer, response.content as JsonObject | undefined, observed),
    ];
  };
}
