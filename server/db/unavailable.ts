/**
 * The one place that tells "the database cannot be reached" from every other failure: the API
 * answers the first with 503 and Retry-After (the client may try again soon), the rest with 500.
 * node-postgres gives its own connection failures no code, so they are known by their messages.
 */

/** The socket's errors: nothing listens, the connection was cut, or no answer came. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * PostgreSQL's refusals that are about the server, not the statement: 57P01 and 57P02 end a
 * connection (a shutdown, a crash, pg_terminate_backend), 57P03 refuses one while starting or
 * stopping, 53300 when every connection slot is taken, 57014 and 55P03 when a statement or its wait
 * for a lock passed the bound the server set on it (server/db/postgres.ts); class 08 (connection
 * exceptions) is all of it.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03']);

/** node-postgres's messages for a connection that closed under a statement, or one used after it closed. */
const LOST = [/^Connection terminated(?: unexpectedly)?$/, /not queryable$/];

/** node-postgres's messages for a bound that passed: connecting, waiting for a pooled connection, a statement. */
const TIMED_OUT = [
  /^Connection terminated due to connection timeout$/,
  /^timeout exceeded when trying to connect$/,
  /^timeout expired$/,
  /^Query read timeout$/,
];

/** The error and its causes (the pool wraps a connection timeout's error), each at most once. */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  for (let current = error; typeof current === 'object' && current !== null && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    yield current;
    // Node tries each address of a host name (IPv6 and IPv4 localhost) and reports every refusal.
    if (current instanceof AggregateError) for (const inner of current.errors) yield* chain(inner);
  }
}

const matches = (patterns: RegExp[], message: unknown) => typeof message === 'string' && patterns.some((pattern) => pattern.test(message));

/** The server ended the connection the statement went out on, or the socket closed under it. */
export function isConnectionLost(error: unknown): boolean {
  for (const { code, message } of chain(error)) {
    if (code === '57P01' || code === '57P02' || code === 'ECONNRESET' || code === 'EPIPE' || matches(LOST, message)) return true;
  }
  return false;
}

/**
 * Whether a failure is a bound that passed: connecting, waiting for a pooled connection, a
 * statement or its wait for a lock, the bound of each call to the database (server/db/postgres.ts).
 */
export function isTimeout(error: unknown): boolean {
  for (const { code, message } of chain(error)) {
    if (code === '57014' || code === '55P03' || code === 'ETIMEDOUT' || matches(TIMED_OUT, message)) return true;
  }
  return false;
}

/** Whether a failure means the database cannot be reached now (down, restarting, frozen, cut off). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of chain(error)) {
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (matches(LOST, message) || matches(TIMED_OUT, message)) return true;
  }
  return false;
}
