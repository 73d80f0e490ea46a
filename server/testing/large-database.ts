/**
 * A database the size of a large platform's, written by set-based SQL (large-tables.ts) into a
 * migrated PostgreSQL schema, for what only shows at that size: the plans the planner picks
 * (server/db/query-plans.test.ts) and the time each call takes (`npm run bench:scale`).
 */
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database-types';
import { totpSecrets, type TotpSecrets } from '../auth/totp-secrets';
import { newTotpSecret } from '../auth/totp';
import { hashPassword } from '../auth/passwords';
import { TABLE_SEEDS, type LargeSizes, type SeededTable } from './large-tables';

export type { LargeSizes, SeededTable } from './large-tables';

/**
 * A platform of `users` people, in the proportions of the one that reported its size: an
 * organisation for every 500 people, three sessions, ten audit rows and two sent mails each; one
 * in twenty in a second organisation, one in ten with TOTP and ten recovery codes, a known device
 * and a known address each, and the few rows of links, revocations, counters and apps' sign-ins.
 */
export function platformSizes(users: number): LargeSizes {
  const share = (divisor: number) => Math.max(1, Math.floor(users / divisor));
  const organizations = share(500);
  return {
    organizations,
    organization_domains: organizations,
    users,
    memberships: users + share(20),
    terms_acceptances: users,
    sessions: 3 * users,
    audit_log: 10 * users,
    mail_queue: 2 * users,
    known_devices: users,
    login_addresses: users,
    recovery_codes: users,
    one_time_tokens: share(50),
    revoked_tokens: share(10),
    rate_counters: share(10),
    oidc_payloads: share(5),
    oidc_sign_ins: share(10),
    oidc_grant_orgs: share(10),
    oidc_app_sign_ins: share(10),
    account_alerts: share(100),
    passkeys: share(20),
  };
}

/** `rows` in every table but the organisations (and their domains), of which there are `organizations`. */
export function uniformSizes(rows: number, organizations: number): LargeSizes {
  const sizes = Object.fromEntries(TABLE_SEEDS.map(({ table }) => [table, rows])) as Record<SeededTable, number>;
  return { ...sizes, organizations, organization_domains: organizations };
}

export const SEEDED_TABLES: readonly SeededTable[] = TABLE_SEEDS.map(({ table }) => table);

/** The id PostgreSQL's md5(text)::uuid makes of the same text. */
function md5Uuid(text: string): string {
  const hex = createHash('md5').update(text, 'utf8').digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The TOTP secrets of users `from` to `to` (one in ten), stored as the server stores them. */
function totpOfRange(from: number, to: number, totp: TotpSecrets | undefined): [number[], string[]] {
  const rows: number[] = [];
  const secrets: string[] = [];
  if (!totp) return [rows, secrets];
  for (let row = from + ((15 - (from % 10)) % 10); row <= to; row += 10) {
    rows.push(row);
    secrets.push(totp.seal(md5Uuid(`user:${row}`), newTotpSecret()));
  }
  return [rows, secrets];
}

export interface SeedOptions {
  /** The password of every user who has one, hashed once for all: hashing is not what is looked at. */
  password: string;
  /** The TOTP key (TOTP_KEY) the secrets of one user in ten are sealed with; without it nobody has TOTP (nor recovery codes). */
  totpKey?: Buffer;
  /** One mail in this many was given up, the rest sent (1,000 unless given). */
  givenUpMailEvery?: number;
  /** Rows a statement writes. */
  chunkRows?: number;
  /** Told after each statement. */
  progress?: (table: SeededTable, done: number, total: number) => void;
}

/** Writes `sizes` rows into the empty, migrated schema `db` works in. */
export async function seedLargeDatabase(db: Database, sizes: LargeSizes, options: SeedOptions): Promise<void> {
  const chunkRows = options.chunkRows ?? 200_000;
  const passwordHash = await hashPassword(options.password);
  const totp = options.totpKey && totpSecrets(options.totpKey);
  if (sizes.memberships - sizes.users > sizes.users / 20) throw new Error('At most one user in twenty has a second organisation.');
  // Every row a seeded row names is seeded before it, so the foreign keys' checks, which would take
  // as long as the writing, are skipped where the role may (a superuser's replica mode).
  const [role] = await db.query<{ superuser: boolean }>(`SELECT current_setting('is_superuser') = 'on' AS superuser`);
  const write = (statement: string, params: unknown[]) =>
    role?.superuser
      ? db.transaction(async (tx) => {
          await tx.query(`SET LOCAL session_replication_role = replica`);
          await tx.query(statement, params);
        })
      : db.query(statement, params);
  for (const { table, sql } of TABLE_SEEDS) {
    const total = table === 'recovery_codes' && !totp ? 0 : sizes[table];
    const statement = sql(sizes, { givenUpMailEvery: options.givenUpMailEvery ?? 1000 });
    const rebuild = await dropSecondaryIndexes(db, table);
    for (let from = 0; from < total; from += chunkRows) {
      const to = Math.min(total, from + chunkRows) - 1;
      const params: unknown[] = [from, to];
      if (table === 'users') params.push(passwordHash, ...totpOfRange(from, to, totp));
      await write(statement, params);
      options.progress?.(table, to + 1, total);
    }
    await rebuild();
  }
}

/**
 * Drops the table's indexes that no constraint holds and answers how to make them again, each as
 * its migration made it: an index built once over all the rows takes a fraction of the time of
 * one kept up row by row.
 */
async function dropSecondaryIndexes(db: Database, table: string): Promise<() => Promise<void>> {
  const indexes = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
     WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = $1
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [table],
  );
  for (const { name } of indexes) await db.query(`DROP INDEX ${name}`);
  return () =>
    db.transaction(async (tx) => {
      await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const { definition } of indexes) await tx.query(definition);
    });
}

/**
 * Gathers the statistics the planner reads; with `vacuum`, also marks every page visible, as the
 * autovacuum of a database in service has.
 */
export async function analyzeTables(db: Queryable, { vacuum = false } = {}): Promise<void> {
  for (const table of SEEDED_TABLES) await db.query(`${vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${table}`);
}
