/**
 * The two databases every server test runs on: the embedded PGlite (in memory) and a real
 * PostgreSQL (server/testing/postgres-server.ts), each run in a schema of its own that is dropped
 * afterwards.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, inject } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../db/database';
import type { Database } from '../db/database-types';
import { migrate } from '../db/migrations';

/** `TEST_DATABASE_URL`, or the PostgreSQL started for the run when none answers there (postgres-server.ts). */
export const TEST_DATABASE_URL = inject('testDatabaseUrl');

export interface TestDatabase {
  name: 'PGlite' | 'PostgreSQL';
  /**
   * A fresh database, migrated unless `migrated` is false; `schema` reuses an existing PostgreSQL
   * schema (a second instance).
   */
  open(schema?: string, migrated?: boolean): Promise<{ db: Database; schema: string | undefined }>;
  /** Removes what open() created. */
  drop(schema: string | undefined): Promise<void>;
}

export const testDatabases: TestDatabase[] = [
  {
    name: 'PGlite',
    async open(_schema, migrated = true) {
      const db = await openDatabase({});
      if (migrated) await migrate(db);
      return { db, schema: undefined };
    },
    async drop() {},
  },
  {
    name: 'PostgreSQL',
    async open(schema = `fd_test_${randomBytes(6).toString('hex')}`, migrated = true) {
      const db = await openDatabase({ databaseUrl: TEST_DATABASE_URL, schema });
      if (migrated) await migrate(db);
      return { db, schema };
    },
    async drop(schema) {
      if (!schema) return;
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  },
];

/** Opens databases on the target for one test and closes and drops them after it. */
export function useTestDatabases(target: TestDatabase) {
  const opened: { db: Database; schema: string | undefined }[] = [];
  afterEach(async () => {
    for (const { db } of opened) await db.close();
    for (const schema of new Set(opened.map((handle) => handle.schema))) await target.drop(schema);
    opened.length = 0;
  });
  return async function open(schema?: string, migrated?: boolean) {
    const handle = await target.open(schema, migrated);
    opened.push(handle);
    return handle;
  };
}
