/**
 * The one data layer: the same SQL on the embedded PGlite (default) and on a real PostgreSQL
 * (DATABASE_URL), so every query is tested on both (docs/decisions/0003-pglite-embedded-default.md).
 * Each driver implements these; database.ts chooses one.
 */
export interface Queryable {
  /** One statement with $1-style parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool, as the metrics see it (server/metrics/database-pool.ts); PGlite has none. */
  readonly pool?: PoolObserver;
}

/** What a connection pool tells about itself. */
export interface PoolObserver {
  /** Connections open, those of them idle, and the callers waiting for one. */
  counts(): { total: number; idle: number; waiting: number };
  /** Tells `listener` of each statement, transaction or wait for a connection that failed on its time bound. */
  onTimeout(listener: () => void): void;
}

/** Where a database reports trouble it gets over by itself (a PostgreSQL connection it lost); pino's shape. */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}
