/**
 * The one data layer: the same SQL on the embedded PGlite (default) and on a real PostgreSQL
 * (DATABASE_URL), so every query is tested on both (docs/decisions/0003-pglite-embedded-default.md).
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

/** How long PostgreSQL may take to connect, to free a pooled connection and to answer a statement (DATABASE_TIMEOUT_MS). */
export const DEFAULT_DATABASE_TIMEOUT_MS = 5000;

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, PGlite in dataDir. */
  databaseUrl?: string | undefined;
  /** PGlite's directory; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL schema to use instead of public (tests isolate runs this way). */
  schema?: string | undefined;
  /** PostgreSQL's bound in milliseconds; DEFAULT_DATABASE_TIMEOUT_MS when not given. */
  timeoutMs?: number | undefined;
  /** The console when not given. */
  log?: DatabaseLog | undefined;
}

const consoleLog: DatabaseLog = { warn: (details, message) => console.warn(message, details) };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl, {
      schema: options.schema,
      timeoutMs: options.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS,
      log: options.log ?? consoleLog,
    });
  }
  const { openPglite } = await import('./pglite');
  return openPglite(options.dataDir);
}

/** Answers when the database does (health checks). */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
