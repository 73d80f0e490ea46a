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

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, PGlite in dataDir. */
  databaseUrl?: string | undefined;
  /** PGlite's directory; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL schema to use instead of public (tests isolate runs this way). */
  schema?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl, options.schema);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(options.dataDir);
}

/** Answers when the database does (health checks). */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
