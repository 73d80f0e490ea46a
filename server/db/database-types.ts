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
}

/** Where a database reports trouble it gets over by itself (a PostgreSQL connection it lost); pino's shape. */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}
