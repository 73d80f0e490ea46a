/**
 * The reference server as the benchmark runs it: a process of its own, pinned to one core, on the
 * embedded database in a fresh directory or on a fresh PostgreSQL database, seeded with users who
 * sign in with a password and no second factor.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrations';
import { createOrganization } from '../../server/admin/operations';
import { insertUser, recordPasswordChecked } from '../../server/db/users';
import { upsertMembership } from '../../server/db/memberships';
import { hashPassword } from '../../server/auth/passwords';
import { DEVICE_COOKIE } from '../../server/web/device-cookie';
import { PASSWORD_LISTS_VERSION, isGuessable } from '../../server/auth/known-passwords';

export const PASSWORD = 'Bench-Horse-9';
/**
 * Enough people that one person's sign-ins rarely overlap, even while the server is saturated: the
 * throttle counts an attempt before its password is checked and refuses a sixth one in flight.
 */
export const USERS = 2000;
export const email = (user: number) => `bench${user}@example.com`;
/** Each user signs in from an address of its own (one trusted proxy hop), as people do. */
export const address = (user: number) => `10.0.${user >> 8}.${user & 255}`;
/**
 * Each user signs in from the browser they used before, which carries its device cookie
 * (server/api/device-cookie.ts): a sign-in from a device new to its person also queues an alert
 * (server/auth/devices.ts), which would otherwise go out at every sign-in of the run.
 */
export const deviceCookie = (user: number) => `${DEVICE_COOKIE}=${createHash('sha256').update(`bench device ${user}`).digest('base64url')}`;

export interface Target {
  name: 'PGlite' | 'PostgreSQL';
  /** The server's DATABASE_URL; none for the embedded database. */
  databaseUrl?: string;
  cleanUp(): Promise<void>;
}

async function seed(databaseUrl: string | undefined, dataDir: string) {
  const db = await openDatabase({ databaseUrl, dataDir: join(dataDir, 'pglite') });
  await migrate(db);
  const organization = await createOrganization(db, { context: 'acme', name: 'Acme' });
  // One hash for all: seeding is not what is measured.
  const passwordHash = await hashPassword(PASSWORD);
  for (let user = 0; user < USERS; user += 1) {
    const row = await insertUser(db, { email: email(user), passwordHash });
    await upsertMembership(db, row.id, organization.id, true);
    // As a password chosen at the front door is (server/auth/set-password.ts): judged against the
    // lists when chosen, so a sign-in judges it again only when they change.
    const known = await isGuessable(PASSWORD, { email: email(user), organisations: [organization] });
    if (known !== undefined) await recordPasswordChecked(db, row.id, passwordHash, { checkedWith: PASSWORD_LISTS_VERSION, known });
  }
  await db.close();
}

export function pgliteTarget(): Target {
  return { name: 'PGlite', cleanUp: async () => {} };
}

/** A database of its own on the PostgreSQL of `adminUrl`, dropped by cleanUp; undefined when it cannot be reached. */
export async function postgresTarget(adminUrl: string): Promise<Target | undefined> {
  const name = `frontdoor_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.log(`PostgreSQL at ${adminUrl} not used: ${(error as Error).message}`);
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    databaseUrl: url.toString(),
    async cleanUp() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface RunningServer {
  base: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(target: Target, core: number | undefined, root: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'frontdoor-bench-'));
  await seed(target.databaseUrl, dataDir);
  const port = 18000 + Math.floor(Math.random() * 1000);
  // BENCH_PROFILE_DIR=dir writes a CPU profile of the server there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const command = [process.execPath, ...profile, '--import', 'tsx', 'server/main.ts'];
  const child = spawn(core === undefined ? command[0]! : 'taskset', core === undefined ? command.slice(1) : ['-c', String(core), ...command], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      TRUST_PROXY_HOPS: '1',
      DATABASE_URL: target.databaseUrl ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  for (let attempt = 0; attempt < 150; attempt += 1) {
    try {
      if ((await fetch(`${base}/health`)).ok) {
        return {
          base,
          process: child,
          stop: () => new Promise((resolve) => (child.exitCode === null ? child.once('exit', () => resolve()).kill() : resolve())),
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`The server on ${target.name} did not start.`);
}
