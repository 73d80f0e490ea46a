import pg from 'pg';
import type { Database, DatabaseLog, Queryable } from './database-types';
import { isConnectionLost, isDatabaseUnavailable, isTimeout } from './unavailable';

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

/**
 * A database call's one bound (DATABASE_TIMEOUT_MS): the wait for one of the pool's connections
 * and the statement that follows share it, so a call on a frozen PostgreSQL fails within it, not
 * after a wait for a connection and then a statement's own wait. The API answers 503 with
 * Retry-After (server/db/unavailable.ts).
 */
class DeadlinePassed extends Error {
  readonly code = 'ETIMEDOUT';
  constructor() {
    super("The call's time for the database ran out.");
  }
}

/** What is left until `deadline`; none left fails at once. */
function timeLeft(deadline: number): number {
  const left = deadline - Date.now();
  if (left <= 0) throw new DeadlinePassed();
  return left;
}

/** node-postgres bounds one statement by its config's query_timeout (pg/lib/client.js), which its types leave out. */
type BoundedQuery = pg.QueryConfig & { query_timeout?: number };

/** A statement without parameters, bounded by what is left until `deadline`, if given (else by the pool's query_timeout). */
function bounded(text: string, deadline?: number): BoundedQuery {
  return deadline === undefined ? { text } : { text, query_timeout: timeLeft(deadline) };
}

async function rowsOf<Row>(target: pg.PoolClient, sql: string, params: readonly unknown[], deadline?: number): Promise<Row[]> {
  const result = await target.query({ ...bounded(sql, deadline), values: [...params] });
  return result.rows as Row[];
}

function queryable(target: pg.PoolClient): Queryable {
  return {
    query: (sql, params = []) => rowsOf(target, sql, params),
    async exec(sql: string) {
      await rowsOf(target, sql, []);
    },
  };
}

/** One of the pool's connections, waited for until `deadline`; one that comes after the caller gave up goes straight back. */
async function connect(pool: pg.Pool, deadline: number): Promise<pg.PoolClient> {
  const connecting = pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlinePassed()), deadline - Date.now());
  });
  try {
    return await Promise.race([connecting, late]);
  } catch (error) {
    connecting.then(
      (client) => client.release(),
      () => undefined,
    );
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One statement on a connection of its own; a connection that failed as a connection is closed,
 * not reused. The pool listens to idle connections only: one lost while its statement runs is
 * reported here, not left an unhandled 'error' event that would end the process.
 */
async function onPooledConnection<Row>(pool: pg.Pool, log: DatabaseLog, timeoutMs: number, sql: string, params: readonly unknown[]): Promise<Row[]> {
  const deadline = Date.now() + timeoutMs;
  const client = await connect(pool, deadline);
  const lost = (error: Error) => log.warn(logged(error), 'lost a database connection during a statement');
  client.on('error', lost);
  let broken: Error | undefined;
  try {
    return await rowsOf<Row>(client, sql, params, deadline);
  } catch (error) {
    if (isDatabaseUnavailable(error)) broken = error as Error;
    throw error;
  } finally {
    client.off('error', lost);
    client.release(broken);
  }
}

/**
 * The pool's statements, a read sent once more when the connection it went out on was lost: an
 * idle connection that PostgreSQL ended (a restart, a failover, pg_terminate_backend) can be handed
 * out in the moment before its notice arrives, and fails the statement without running it. The
 * same error also comes when the connection was ended while the statement ran, and a write may
 * have committed by then, so only a read, which changes nothing either way, is retried. A timeout
 * is not a lost connection: retrying would double the wait on a database that does not answer.
 */
function pooled(pool: pg.Pool, log: DatabaseLog, timeoutMs: number): Queryable {
  return {
    async exec(sql: string) {
      await onPooledConnection(pool, log, timeoutMs, sql, []);
    },
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      try {
        return await onPooledConnection<Row>(pool, log, timeoutMs, sql, params);
      } catch (error) {
        if (!READ.test(sql) || !isConnectionLost(error)) throw error;
        return onPooledConnection<Row>(pool, log, timeoutMs, sql, params);
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
async function inTransaction<T>(pool: pg.Pool, log: DatabaseLog, timeoutMs: number, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  // The wait for a connection and BEGIN share one bound; each later statement has its own.
  const deadline = Date.now() + timeoutMs;
  const client = await connect(pool, deadline);
  // The pool listens to idle connections only: without this, losing one mid-transaction (while fn
  // awaits something else) would be an unhandled 'error' event and end the process.
  const lost = (error: Error) => log.warn(logged(error), 'lost a database connection during a transaction');
  client.on('error', lost);
  let broken: Error | undefined;
  try {
    await client.query(bounded('BEGIN', deadline));
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
  return observed(pool, {
    kind: 'postgres',
    ...pooled(pool, log, timeoutMs),
    transaction: (fn) => inTransaction(pool, log, timeoutMs, fn),
    close: () => pool.end(),
  });
}

/** The database with its pool's counts and time-outs told (PoolObserver); a time-out is counted once, where it leaves the database. */
function observed(pool: pg.Pool, db: Database): Database {
  const listeners: (() => void)[] = [];
  const told = <T>(work: Promise<T>) =>
    work.catch((error: unknown) => {
      if (isTimeout(error)) for (const listener of listeners) listener();
      throw error;
    });
  return {
    ...db,
    query: (sql, params) => told(db.query(sql, params)),
    exec: (sql) => told(db.exec(sql)),
    transaction: (fn) => told(db.transaction(fn)),
    pool: {
      counts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      onTimeout: (listener) => void listeners.push(listener),
    },
  };
}
