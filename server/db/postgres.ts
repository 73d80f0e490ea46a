import pg from 'pg';
import type { Database, DatabaseLog, Queryable } from './database-types';
import { isConnectionLost, isDatabaseUnavailable } from './unavailable';

export interface PostgresOptions {
  /** Confines every connection to this schema. */
  schema?: string | undefined;
  /** Bounds connecting, waiting for a free pooled connection and each statement, in milliseconds. */
  timeoutMs: number;
  /** Where connections lost while idle are reported. */
  log: DatabaseLog;
}

/** What the log needs of a lost connection's error; the pool attaches the whole client to it, cancel key and all. */
const logged = (error: Error & { code?: unknown }) => ({ err: { message: error.message, code: error.code } });

/** A statement that only reads (the data layer's SELECTs call no function that writes). */
const READ = /^\s*SELECT\b/i;

async function rowsOf<Row>(target: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[]): Promise<Row[]> {
  const result = await target.query(sql, [...params]);
  return result.rows as Row[];
}

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: (sql, params = []) => rowsOf(target, sql, params),
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

/**
 * The pool's statements, a read sent once more when the connection it went out on was lost: an
 * idle connection that PostgreSQL ended (a restart, a failover, pg_terminate_backend) can be handed
 * out in the moment before its notice arrives, and fails the statement without running it. The
 * same error also comes when the connection was ended while the statement ran, and a write may
 * have committed by then, so only a read, which changes nothing either way, is retried. A timeout
 * is not a lost connection: retrying would double the wait on a database that does not answer.
 */
function pooled(pool: pg.Pool): Queryable {
  return {
    ...queryable(pool),
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      try {
        return await rowsOf<Row>(pool, sql, params);
      } catch (error) {
        if (!READ.test(sql) || !isConnectionLost(error)) throw error;
        return rowsOf<Row>(pool, sql, params);
      }
    },
  };
}

/** Rolls back; answers the error when even that fails, so the connection is closed rather than reused. */
const rollback = (client: pg.PoolClient) =>
  client.query('ROLLBACK').then(
    () => undefined,
    (failed: Error) => failed,
  );

/** PostgreSQL's in_failed_sql_transaction, the error PGlite's TransactionAbortedError carries. */
const rolledBack = () => Object.assign(new Error('The transaction was rolled back: one of its statements failed.'), { code: '25P02' });

/**
 * Runs fn on one connection between BEGIN and COMMIT. A connection that failed as a connection
 * (lost, or a statement past its bound, which node-postgres leaves running on it) is handed back
 * with the error, so the pool closes it instead of lending it to the next caller; PostgreSQL rolls
 * back what a closed connection left open. Any other failure is rolled back.
 */
async function inTransaction<T>(pool: pg.Pool, log: DatabaseLog, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // The pool listens to idle connections only: without this, losing one mid-transaction (while fn
  // awaits something else) would be an unhandled 'error' event and end the process.
  const lost = (error: Error) => log.warn(logged(error), 'lost a database connection during a transaction');
  client.on('error', lost);
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await fn(queryable(client));
    // A statement of fn failed and fn went on: PostgreSQL answers the COMMIT with ROLLBACK, and
    // nothing fn wrote is kept. Fails as PGlite's transaction does (pglite-statements.ts).
    if ((await client.query('COMMIT')).command === 'ROLLBACK') throw rolledBack();
    return result;
  } catch (error) {
    broken = isDatabaseUnavailable(error) ? (error as Error) : await rollback(client);
    throw error;
  } finally {
    client.off('error', lost);
    client.release(broken);
  }
}

/** A real PostgreSQL through a connection pool that outlives PostgreSQL's restarts, failovers and stalls. */
export async function openPostgres(connectionString: string, { schema, timeoutMs, log }: PostgresOptions): Promise<Database> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name "${schema}".`);
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Bounds both opening a connection and waiting for one of the ten to be free.
    connectionTimeoutMillis: timeoutMs,
    // node-postgres then fails the statement but leaves it running on its connection; the pool
    // closes a connection that failed a statement, and inTransaction does the same.
    query_timeout: timeoutMs,
    // The same bounds in PostgreSQL itself: a statement the client gave up on, or its wait for a
    // lock, does not run on there holding what it holds; nor does a transaction left idle.
    options: [
      `-c statement_timeout=${timeoutMs}`,
      `-c lock_timeout=${timeoutMs}`,
      `-c idle_in_transaction_session_timeout=${2 * timeoutMs}`,
      ...(schema ? [`-c search_path=${schema}`] : []),
    ].join(' '),
  });
  // An idle connection that PostgreSQL ends is dropped from the pool, which then emits 'error':
  // unheard, that error would end the process. The next statement opens a new connection.
  pool.on('error', (error) => log.warn(logged(error), 'lost an idle database connection; the pool opens a new one when needed'));
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  return {
    kind: 'postgres',
    ...pooled(pool),
    transaction: (fn) => inTransaction(pool, log, fn),
    close: () => pool.end(),
  };
}
