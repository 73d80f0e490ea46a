/**
 * Scale benchmark (`npm run bench:scale -- --users 1000000`): what a large platform's database
 * costs each call. One PostgreSQL schema is seeded to the size given (the platform's proportions:
 * an organisation for every 500 people, three sessions, ten audit rows and two mails each;
 * scripts/bench-scale/schemas.ts) and kept for the next run; another holds only the bench's
 * accounts. A server on each (the server's own request handling, through Fastify's inject) runs
 * the same operations in turns, round after round (scripts/bench-scale/operations.ts). Prints the
 * median and p95 of each on both and their ratio, as a Markdown table with the date and machine,
 * against the target: no call slower by more than 15 % on the large database.
 */
import { cpus, loadavg } from 'node:os';
import { openDatabase } from '../server/db/database';
import { benchOptions } from './bench-scale/options';
import { benchPostgres } from './bench-scale/postgres';
import { EMPTY_SCHEMA, LARGE_SCHEMA, prepareEmptySchema, prepareLargeSchema } from './bench-scale/schemas';
import { closeSide, openSide, runRound, type Side } from './bench-scale/operations';
import { describeSize, printTable, schemaSize } from './bench-scale/report';

const options = benchOptions(process.argv.slice(2));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

console.log(`bench:scale ${new Date().toISOString()}`);
const postgres = await benchPostgres();
const sides: Side[] = [];
try {
  const found = await prepareLargeSchema(postgres.url, options.users, options.reseed);
  await prepareEmptySchema(postgres.url);
  const large = await openSide('large', postgres.url, LARGE_SCHEMA, 19);
  sides.push(large);
  const empty = await openSide('empty', postgres.url, EMPTY_SCHEMA, 18);
  sides.push(empty);
  const size = await schemaSize(large.db);
  const [version] = await large.db.query<{ version: string }>(`SELECT current_setting('server_version') AS version`);
  console.log(`${LARGE_SCHEMA}: ${found}; ${describeSize(size)}.`);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `Server ready (its TOTP check included): large ${seconds(large.readyMs)}, empty ${seconds(empty.readyMs)}; ` +
      `the sweep it starts with, in the background, done after: large ${seconds(large.sweptMs)}, empty ${seconds(empty.sweptMs)}.`,
  );

  const loadBefore = load();
  const run = Date.now().toString(36);
  const total = options.warmUp + options.rounds;
  for (let round = 0; round < total; round += 1) {
    // Which side goes first changes each round, so neither always follows the other's work.
    const order = round % 2 === 0 ? [large, empty] : [empty, large];
    const started = performance.now();
    for (const side of order) await runRound(side, round, run, round >= options.warmUp);
    console.log(`round ${round + 1} of ${total}${round < options.warmUp ? ' (warm-up)' : ''}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const loadAfter = load();

  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores`;
  console.log(
    `\nA large database against an empty one, ${new Date().toISOString().slice(0, 10)}, ${machine}, PostgreSQL ${version?.version ?? '?'} (${postgres.where}); ` +
      `large: ${describeSize(size)}, schema ${LARGE_SCHEMA}; empty: the bench's accounts only, schema ${EMPTY_SCHEMA}. ` +
      `${options.rounds} rounds after ${options.warmUp}, the sides in turns; each call's time in the server (Fastify's inject), ` +
      `the mail's from its row's writing to its sending (the database's created_at and sent_at, the worker's wait of 50 to 100 ms included); ` +
      `load average (1, 5, 15 min) ${loadBefore} → ${loadAfter}:\n`,
  );
  printTable(empty, large);
  console.log(`\nThe large schema stays for the next run; drop it with: DROP SCHEMA ${LARGE_SCHEMA} CASCADE (or run with --reseed to write it again).`);
} finally {
  for (const side of sides) await closeSide(side);
  // The empty schema is made afresh by every run; nothing in it is worth keeping.
  const db = await openDatabase({ databaseUrl: postgres.url });
  await db.query(`DROP SCHEMA IF EXISTS ${EMPTY_SCHEMA} CASCADE`);
  await db.close();
  await postgres.stop();
}
