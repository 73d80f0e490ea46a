/**
 * What the scale bench prints: the size of the large schema, and for each operation its median and
 * p95 on each side with the ratio of the medians, as a Markdown table, against the target.
 */
import type { Database } from '../../server/db/database-types';
import { OPERATIONS, type Side } from './operations';

/** Every ratio of large to empty at most this. */
export const TARGET_RATIO = 1.15;

/** The value at quantile q of values (NaN of none). */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
}

const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : value >= 100 ? value.toFixed(0) : value.toFixed(1));
const rows = (count: number) => Math.round(count).toLocaleString('en');

/** Rows and bytes of the schema's tables, from the statistics and the files (no count of rows). */
export async function schemaSize(db: Database): Promise<{ rows: Map<string, number>; bytes: number; migrations: string }> {
  const tables = await db.query<{ name: string; rows: number; bytes: string }>(
    `SELECT relname AS name, greatest(reltuples, 0)::float8 AS rows, pg_total_relation_size(oid)::text AS bytes
     FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'`,
  );
  const [migrations] = await db.query<{ first: number; last: number }>('SELECT min(id) AS first, max(id) AS last FROM schema_migrations');
  return {
    rows: new Map(tables.map((table) => [table.name, table.rows])),
    bytes: tables.reduce((sum, table) => sum + Number(table.bytes), 0),
    migrations: migrations ? `${migrations.first}–${migrations.last}` : 'none',
  };
}

export function describeSize(size: Awaited<ReturnType<typeof schemaSize>>): string {
  const of = (table: string) => rows(size.rows.get(table) ?? 0);
  return (
    `${of('users')} users, ${of('organizations')} organisations, ${of('sessions')} sessions, ${of('audit_log')} audit rows, ` +
    `${of('mail_queue')} mails, ${of('memberships')} memberships, ${of('terms_acceptances')} terms acceptances ` +
    `(${(size.bytes / 1024 ** 3).toFixed(2)} GB with indexes; migrations ${size.migrations})`
  );
}

/** The table of the two sides, and the target's verdict. */
export function printTable(empty: Side, large: Side): void {
  console.log('| operation | empty: median | empty: p95 | large: median | large: p95 | large / empty (medians) | failed (empty, large) |');
  console.log('|---|---|---|---|---|---|---|');
  const over: string[] = [];
  for (const operation of OPERATIONS) {
    const [e, l] = [empty.times.get(operation) ?? [], large.times.get(operation) ?? []];
    const ratio = quantile(l, 0.5) / quantile(e, 0.5);
    if (!(ratio <= TARGET_RATIO)) over.push(`${operation} (×${ratio.toFixed(2)})`);
    const failed = `${empty.failures.get(operation)?.length ?? 0}, ${large.failures.get(operation)?.length ?? 0}`;
    console.log(
      `| ${operation} | ${ms(quantile(e, 0.5))} ms | ${ms(quantile(e, 0.95))} ms | ${ms(quantile(l, 0.5))} ms | ${ms(quantile(l, 0.95))} ms | ×${ratio.toFixed(2)} | ${failed} |`,
    );
  }
  console.log(`\nTarget: every ratio within ×${TARGET_RATIO.toFixed(2)}: ${over.length ? `not met by ${over.join(', ')}` : 'met'}.`);
  for (const side of [empty, large]) {
    for (const [operation, messages] of side.failures)
      if (messages.length) console.log(`${side.name}, ${operation} failed: ${[...new Set(messages)].join('; ')}`);
  }
}
