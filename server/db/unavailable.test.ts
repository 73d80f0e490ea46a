import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import pg from 'pg';
import { isConnectionLost, isDatabaseUnavailable } from './unavailable';

/** An error as node-postgres gives PostgreSQL's: its SQLSTATE in `code`. */
const sqlState = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('telling a database that cannot be reached from other failures', () => {
  it('knows a refused connection as node-postgres reports it', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), connectionTimeoutMillis: 2000 });
    const error = await client.connect().then(
      () => undefined,
      (failed: unknown) => failed,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isConnectionLost(error)).toBe(false);
  });

  it('knows the socket errors, however deep in causes and in an AggregateError of each address', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']) {
      expect(isDatabaseUnavailable(Object.assign(new Error(code), { code }))).toBe(true);
    }
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused, refused]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout', { cause: refused }))).toBe(true);
  });

  it("knows node-postgres's lost connections and passed bounds by their messages", () => {
    const lost = ['Connection terminated unexpectedly', 'Connection terminated', 'Client has encountered a connection error and is not queryable'];
    const late = ['Connection terminated due to connection timeout', 'timeout exceeded when trying to connect', 'timeout expired', 'Query read timeout'];
    for (const message of [...lost, ...late]) expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    expect(lost.map((message) => isConnectionLost(new Error(message)))).toEqual(lost.map(() => true));
    // A retry after a bound passed would wait as long again.
    expect(late.map((message) => isConnectionLost(new Error(message)))).toEqual(late.map(() => false));
  });

  it("knows PostgreSQL's refusals that are about the server, and only those", () => {
    // 57014 and 55P03: a statement or a lock wait past the bound PostgreSQL was given (server/db/postgres.ts).
    for (const code of ['57P01', '57P02', '57P03', '53300', '57014', '55P03', '08006', '08001', '08P01'])
      expect(isDatabaseUnavailable(sqlState(code))).toBe(true);
    expect(isConnectionLost(sqlState('57P01'))).toBe(true);
    expect(isConnectionLost(sqlState('57P03'))).toBe(false);
    // A broken statement, a unique violation, a serialization failure: the database answered.
    for (const code of ['42601', '23505', '40001', '0800']) expect(isDatabaseUnavailable(sqlState(code))).toBe(false);
  });

  it('leaves every other failure a fault', () => {
    for (const error of [new Error('Something went wrong'), new TypeError('x is undefined'), undefined, null, 'ECONNREFUSED', { code: 42 }]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
    const cyclic: Error & { cause?: unknown } = new Error('cycle');
    cyclic.cause = cyclic;
    expect(isDatabaseUnavailable(cyclic)).toBe(false);
  });
});
