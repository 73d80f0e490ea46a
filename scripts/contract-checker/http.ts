/**
 * Calls to the server under test, addressed by the contract's operationId so the URL and method
 * come from the contract itself. Every call is recorded with the contract violations of its
 * response, which the check that made it reports.
 */
import type { ContractDocument } from './document';
import type { ResponseValidator } from './validator';
import { withoutTrailingSlashes } from '../../rules/route-pattern';

const REQUEST_TIMEOUT_MS = 15_000;

export interface ApiRequest {
  operationId: string;
  /** Values of the path template's `{parameters}`; percent-encoded here. */
  params?: Record<string, string>;
  /** The path after the base URL, sent as it is, instead of the filled template (for paths the contract refuses). */
  rawPath?: string;
  /** Query parameters, percent-encoded here. */
  query?: Record<string, string>;
  token?: string;
  /** A Cookie header, as a browser sends back what the server set. */
  cookie?: string;
  /** A JSON body, sent as application/json. */
  json?: unknown;
  /** A body sent exactly as given, for requests the contract does not allow or an empty body. */
  raw?: { body: string; contentType: string };
}

export interface Exchange {
  operationId: string;
  method: string;
  /** The path after the base URL, as sent. */
  path: string;
  status: number;
  headers: Headers;
  body: string;
  /** Contract violations of the response. */
  problems: string[];
}

export interface ApiClient {
  send(request: ApiRequest): Promise<Exchange>;
  /** Every call so far, in order. */
  readonly exchanges: readonly Exchange[];
}

function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{([^{}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${template}.`);
    return encodeURIComponent(value);
  });
}

export function createApiClient(baseUrl: string, contract: ContractDocument, validate: ResponseValidator): ApiClient {
  const base = withoutTrailingSlashes(baseUrl);
  const exchanges: Exchange[] = [];

  async function send(request: ApiRequest): Promise<Exchange> {
    const operation = contract.operation(request.operationId);
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    const path = (request.rawPath ?? fillPath(operation.pathTemplate, request.params)) + query;
    const headers: Record<string, string> = { accept: 'application/json, text/plain' };
    if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
    if (request.cookie !== undefined) headers.cookie = request.cookie;
    let body: string | undefined;
    if (request.raw) {
      body = request.raw.body;
      headers['content-type'] = request.raw.contentType;
    } else if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers['content-type'] = 'application/json';
    }
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: operation.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      // fetch says only "fetch failed"; the reason (refused, timed out, ...) is its cause.
      const { cause, message } = error as Error;
      throw new Error(`${operation.method} ${path} (${request.operationId}) got no answer: ${cause instanceof Error ? cause.message : message}`, {
        cause: error,
      });
    }
    const observed = { status: response.status, headers: response.headers, body: await response.text() };
    const problems = validate(request.operationId, observed);
    const exchange = { operationId: request.operationId, method: operation.method, path, ...observed, problems };
    exchanges.push(exchange);
    return exchange;
  }

  return { send, exchanges };
}
