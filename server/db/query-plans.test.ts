/**
 * What the planner does with the server's statements once the tables are large: every statement
 * the server sends while it signs someone in, registers someone, shows and ends sessions, sends
 * mail and sweeps is recorded as sent (recording-database.ts), then planned with its parameters
 * on a PostgreSQL schema seeded large enough that a table read without a fitting index is read
 * whole (large-database.ts). A statement that reads a large table whole takes time in proportion
 * to the platform's size; on a small test database it takes none, which is why only this shows it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from './database';
import type { Database } from './database-types';
import { migrate } from './migrations';
import { TEST_DATABASE_URL } from '../testing/databases';
import { testApp } from '../testing/app';
import { TEST_DEVICE_COOKIE } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { readOutbox } from '../mail/mail-queue';
import { sweepExpired } from '../maintenance';
import { SEEDED_TABLES, seedLargeDatabase, uniformSizes, analyzeTables } from '../testing/large-database';
import { recordingDatabase, type RecordedStatement, type RecordingDatabase } from '../testing/recording-database';
import { explain, notExplained, wholeReads } from '../testing/plan-reads';

/** Rows of each large table: enough that the planner reads a table whole only when no index fits. */
const ROWS = 50_000;
const PASSWORD = 'Correct-Horse-9';
const TOTP_KEY = randomBytes(32);

/**
 * Tables that stay small however many people sign in, so reading one whole costs little: one row
 * per organisation, domain, app, directory token or migration, or rows that live for minutes (SAML requests and
 * replay records, sign-ins waiting for their code, passkey challenges). Every other table grows
 * with the people or their sign-ins.
 */
const SMALL_TABLES: ReadonlySet<string> = new Set([
  'organizations',
  'organization_domains',
  'schema_migrations',
  'oidc_clients',
  'scim_tokens',
  'saml_requests',
  'saml_used_assertions',
  'pending_sign_ins',
  'webauthn_challenges',
  'spent_passkey_challenges',
]);
const isLarge = (table: string) => !SMALL_TABLES.has(table);

describe('the server’s statements on a large PostgreSQL database', () => {
  const schema = `fd_plans_${randomBytes(6).toString('hex')}`;
  let db: Database;
  let recorder: RecordingDatabase;
  let server: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    // Seeding and ANALYZE take longer than the server’s bound on one statement.
    db = await openDatabase({ databaseUrl: TEST_DATABASE_URL, schema, timeoutMs: 120_000 });
    await migrate(db);
    // One mail in twenty given up (a run of addresses an SMTP server refused): the planner then
    // expects unsent mail all through the queue, as it does of a queue of millions with one in a
    // thousand given up, and a claim that reads the queue in id order would walk all of it.
    await seedLargeDatabase(db, uniformSizes(ROWS, 100), { password: 'Seeded-Horse-7', totpKey: TOTP_KEY, givenUpMailEvery: 20 });
    await createOrganization(db, { context: 'plans', name: 'Plans', openRegistration: true, domains: ['plans.example'] });
    await createUser(db, { email: 'ada@plans.example', password: PASSWORD, contexts: ['plans'] });
    await analyzeTables(db);
    recorder = recordingDatabase(db);
    recorder.during('the start');
    server = await testApp(recorder.db, { TOTP_KEY: TOTP_KEY.toString('base64') });
    await server.app.ready();
    await server.services.background.idle();
  }, 180_000);

  afterAll(async () => {
    await server?.app.close();
    await db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db?.close();
  });

  const api = (options: { method: 'GET' | 'POST'; url: string; token?: string; payload?: object }) =>
    server.app.inject({
      method: options.method,
      url: `/api${options.url}`,
      remoteAddress: `192.0.2.${1 + Math.floor(Math.random() * 250)}`,
      headers: { cookie: TEST_DEVICE_COOKIE, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      ...(options.payload ? { payload: options.payload } : {}),
    });

  async function signIn(): Promise<string> {
    const answer = await api({ method: 'POST', url: '/login', payload: { email: 'ada@plans.example', password: PASSWORD } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ token: string }>().token;
  }

  /** Registers an address and sets its password from the mailed link, as the Signup screen does. */
  async function register(email: string) {
    expect((await api({ method: 'POST', url: '/register', payload: { email, language: 'en' } })).statusCode).toBe(202);
    await server.services.background.idle();
    const [mail] = (await readOutbox(db, 5)).filter((sent) => sent.to === email);
    const link = mail?.links[0];
    expect(link, `the signup mail to ${email}`).toBeDefined();
    const token = Buffer.from(new URL(link ?? '').searchParams.get('token') ?? '', 'base64').toString('utf8');
    const set = await api({ method: 'POST', url: '/set-password', token, payload: { password: 'Quiet-Lantern-47', challenge: '' } });
    expect(set.statusCode, set.body).toBe(200);
  }

  /** Each distinct statement once, with the parameters it was first sent with. */
  function distinct(statements: RecordedStatement[]): RecordedStatement[] {
    const first = new Map<string, RecordedStatement>();
    for (const statement of statements) if (!first.has(statement.sql)) first.set(statement.sql, statement);
    return [...first.values()];
  }

  /** The statements that read a large table whole, each named with what it was sent during, its table and its text. */
  async function wholeTableReads(statements: RecordedStatement[]): Promise<string[]> {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         WHERE i.indpred IS NOT NULL AND c.relnamespace = $1::regnamespace`,
        [schema],
      );
      const partial = new Set(rows.map((row) => row.name));
      const offences: string[] = [];
      // EXPLAIN without ANALYZE runs nothing; the transaction is rolled back all the same.
      await client.query('BEGIN');
      for (const statement of distinct(statements)) {
        if (notExplained(statement)) continue;
        const text = statement.sql.replace(/\s+/g, ' ').trim();
        await client.query('SAVEPOINT plan');
        try {
          for (const read of wholeReads(await explain(client, statement.sql, statement.params), isLarge, partial))
            offences.push(`${statement.during}: reads ${read.table} whole (${read.how}) in: ${text}`);
        } catch (error) {
          offences.push(`${statement.during}: could not be planned (${(error as Error).message}): ${text}`);
          await client.query('ROLLBACK TO SAVEPOINT plan');
        }
      }
      await client.query('ROLLBACK');
      return offences;
    } finally {
      await client.end();
    }
  }

  it('seeds large every table that grows with the platform', async () => {
    const tables = await db.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1`, [schema]);
    const unseeded = tables.map((table) => table.name).filter((table) => isLarge(table) && !SEEDED_TABLES.includes(table as (typeof SEEDED_TABLES)[number]));
    expect(unseeded, 'tables neither seeded large nor named small').toEqual([]);
  });

  it('every statement of a sign-in, a registration, the sessions page, the mail queue and the sweep reads through an index on a large database', async () => {
    recorder.during('a sign-in');
    // Two devices, so that signing out of the other devices ends one.
    await signIn();
    const token = await signIn();
    recorder.during('a registration');
    await register('new.person@plans.example');
    recorder.during('the sessions page');
    expect((await api({ method: 'GET', url: '/plans/user/sessions', token })).statusCode).toBe(200);
    recorder.during('signing out of other devices');
    expect((await api({ method: 'POST', url: '/plans/user/sessions/sign-out', token, payload: { which: 'others' } })).statusCode).toBe(200);
    await server.services.background.idle();
    recorder.during('the mail queue');
    await server.services.mail.drain();
    recorder.during('the sweep');
    await sweepExpired(recorder.db, server.config);
    const flows = recorder.statements.filter((statement) => statement.during !== 'the start');
    expect(await wholeTableReads(flows)).toEqual([]);
  }, 60_000);

  it('every statement of the start reads through an index on a large database', async () => {
    const start = recorder.statements.filter((statement) => statement.during === 'the start');
    expect(start.length).toBeGreaterThan(0);
    expect(await wholeTableReads(start)).toEqual([]);
  });
});
