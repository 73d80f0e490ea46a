/**
 * Opens the data layer's database (database-types.ts): a real PostgreSQL when DATABASE_URL names
 * one, else the embedded PGlite (docs/decisions/0003-pglite-embedded-default.md). Each driver is
 * loaded only when chosen.
 */
import type { Database, DatabaseLog, Queryable } from './database-types';

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
