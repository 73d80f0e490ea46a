/**
 * The two schemas the scale bench compares: a large one, seeded in the platform's proportions
 * (server/testing/large-database.ts) and kept between runs while it still has the size asked for,
 * and an empty one made afresh each run. Both hold the bench's own accounts, made as an operator
 * makes them.
 */
import { createHash } from 'node:crypto';
import { openDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/database-types';
import { migrate } from '../../server/db/migrations';
import { findOrganization } from '../../server/db/organizations';
import { findUserByEmail } from '../../server/db/users';
import { createOrganization, createUser } from '../../server/admin/operations';
import { analyzeTables, platformSizes, seedLargeDatabase, type LargeSizes } from '../../server/testing/large-database';

export const LARGE_SCHEMA = 'bench_scale_large';
export const EMPTY_SCHEMA = 'bench_scale_empty';
export const BENCH_CONTEXT = 'bench';
export const BENCH_EMAIL = 'ada@bench.example';
export const BENCH_PASSWORD = 'Bench-Lantern-47';
/** The TOTP key of every run: the seeded users' secrets are sealed with it, and the server opens one at its start. */
export const BENCH_TOTP_KEY = createHash('sha256').update('frontdoor bench:scale TOTP key').digest();

/** What the schema's comment says of its seeding; a change of what is seeded changes `format`. */
interface SeedMark {
  format: number;
  users: number;
  seededAt: string;
}
const FORMAT = 2;
/** The share by which a table may have shrunk (the start's sweep deletes what aged) before the schema is seeded again. */
const DRIFT = 0.1;
/** Statements of seeding, VACUUM and a migration's new index run far past the server's bound. */
const LONG_MS = 6 * 3600 * 1000;

async function seedMark(db: Database, schema: string): Promise<SeedMark | undefined> {
  const [row] = await db.query<{ comment: string | null }>(`SELECT obj_description(oid, 'pg_namespace') AS comment FROM pg_namespace WHERE nspname = $1`, [
    schema,
  ]);
  try {
    return row?.comment ? (JSON.parse(row.comment) as SeedMark) : undefined;
  } catch {
    return undefined;
  }
}

/** Why the kept schema cannot serve for `users`, or undefined when it can. */
async function unfit(db: Database, mark: SeedMark | undefined, users: number, sizes: LargeSizes): Promise<string | undefined> {
  if (!mark || mark.format !== FORMAT) return 'no finished seeding of this bench is recorded on it';
  if (mark.users !== users) return `it was seeded for ${mark.users.toLocaleString('en')} users`;
  const tables = ['users', 'sessions', 'audit_log', 'mail_queue'] as const;
  for (const table of tables) await db.query(`ANALYZE ${table}`);
  const rows = await db.query<{ table: string; rows: number }>(
    `SELECT relname AS table, reltuples::float8 AS rows FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relname = ANY($1::text[])`,
    [tables],
  );
  for (const { table, rows: count } of rows) {
    const wanted = sizes[table as (typeof tables)[number]];
    if (Math.abs(count - wanted) > wanted * DRIFT)
      return `${table} has about ${Math.round(count).toLocaleString('en')} rows of the ${wanted.toLocaleString('en')} seeded`;
  }
  return undefined;
}

/**
 * The bench's people of earlier runs, with their sessions: the person starts each run with the
 * history they have on the empty schema, none, so the two sides differ by the platform alone.
 */
async function forgetBenchPeople(db: Database): Promise<void> {
  await db.query(`DELETE FROM users WHERE lower(email) LIKE '%@bench.example'`);
}

/** The bench's organisation and person, unless the schema has them already. */
export async function ensureAccounts(db: Database): Promise<string> {
  if (!(await findOrganization(db, BENCH_CONTEXT)))
    await createOrganization(db, { context: BENCH_CONTEXT, name: 'Bench', openRegistration: true, domains: ['bench.example'] });
  const user = (await findUserByEmail(db, BENCH_EMAIL)) ?? (await createUser(db, { email: BENCH_EMAIL, password: BENCH_PASSWORD, contexts: [BENCH_CONTEXT] }));
  return user.id;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/** Makes the large schema fit for `users` (seeding it when it does not) and migrated; answers how it was found. */
export async function prepareLargeSchema(url: string, users: number, reseed: boolean): Promise<string> {
  const db = await openDatabase({ databaseUrl: url, schema: LARGE_SCHEMA, timeoutMs: LONG_MS });
  try {
    const sizes = platformSizes(users);
    const why = reseed ? '--reseed' : await unfit(db, await seedMark(db, LARGE_SCHEMA), users, sizes);
    if (!why) {
      const applied = await migrate(db);
      await forgetBenchPeople(db);
      await ensureAccounts(db);
      return `kept (${applied.length ? `migrations ${applied.join(', ')} applied now` : 'no migration to apply'})`;
    }
    console.log(`Seeding ${LARGE_SCHEMA} for ${users.toLocaleString('en')} users (${why}); drop it with: DROP SCHEMA ${LARGE_SCHEMA} CASCADE`);
    const started = performance.now();
    await db.query(`DROP SCHEMA IF EXISTS ${LARGE_SCHEMA} CASCADE`);
    await db.query(`CREATE SCHEMA ${LARGE_SCHEMA}`);
    await migrate(db);
    let last = 0;
    await seedLargeDatabase(db, sizes, {
      password: `${BENCH_PASSWORD}-seeded`,
      totpKey: BENCH_TOTP_KEY,
      progress(table, done, total) {
        if (done < total && performance.now() - last < 10_000) return;
        last = performance.now();
        console.log(`  ${table}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} rows (${seconds(started)})`);
      },
    });
    await ensureAccounts(db);
    console.log(`  VACUUM (ANALYZE) … (${seconds(started)})`);
    await analyzeTables(db, { vacuum: true });
    const mark: SeedMark = { format: FORMAT, users, seededAt: new Date().toISOString() };
    await db.query(`COMMENT ON SCHEMA ${LARGE_SCHEMA} IS '${JSON.stringify(mark)}'`);
    return `seeded in ${seconds(started)}`;
  } finally {
    await db.close();
  }
}

/** Makes the empty schema afresh: migrated, with the bench's accounts only. */
export async function prepareEmptySchema(url: string): Promise<void> {
  const db = await openDatabase({ databaseUrl: url, schema: EMPTY_SCHEMA, timeoutMs: LONG_MS });
  try {
    await db.query(`DROP SCHEMA IF EXISTS ${EMPTY_SCHEMA} CASCADE`);
    await db.query(`CREATE SCHEMA ${EMPTY_SCHEMA}`);
    await migrate(db);
    await ensureAccounts(db);
    await analyzeTables(db);
  } finally {
    await db.close();
  }
}
