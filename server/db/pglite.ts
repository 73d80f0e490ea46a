/**
 * The embedded PostgreSQL (docs/decisions/0003-pglite-embedded-default.md). Every call waits for
 * its turn at PGlite's public lock (runExclusive), the one PGlite's own query, exec, transaction and
 * close also wait for: nothing else reaches the database while a call runs. A transaction holds that
 * turn from BEGIN to its end, so no other caller's statement runs inside it; PGlite's own
 * transaction takes it statement by statement, and would let another caller's in between.
 */
import { mkdirSync } from 'node:fs';
import { Mutex, PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database-types';
import { lockDirectory } from './directory-lock';
import { pgliteStatements, type PgliteStatements } from './pglite-statements';

/** Runs a call when no other call holds the same lock. */
type Turn = <T>(call: () => Promise<T>) => Promise<T>;

const inTurn = (statements: Queryable, turn: Turn): Queryable => ({
  query: (sql, params) => turn(() => statements.query(sql, params)),
  exec: (sql) => turn(() => statements.exec(sql)),
});

/**
 * Runs fn between BEGIN and COMMIT, rolled back when it throws; its caller holds PGlite's turn
 * throughout. fn's statements, which it may start several at once, take turns among themselves;
 * the transaction ends after those already started, and one started later fails.
 */
async function inTransaction<T>(statements: PgliteStatements, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const own = new Mutex();
  let open = true;
  const tx = inTurn(statements, (call) => own.runExclusive(() => (open ? call() : Promise.reject(new Error('The transaction has ended.')))));
  const end = (last: () => Promise<void>) =>
    own.runExclusive(() => {
      open = false;
      return last();
    });
  await statements.exec('BEGIN');
  const result = await fn(tx).catch(async (error: unknown) => {
    await end(() => statements.exec('ROLLBACK'));
    throw error;
  });
  await end(() => statements.commit());
  return result;
}

/** The embedded PostgreSQL: in dataDir, which this process alone holds until close, or in memory when none is given. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lock = dataDir ? await lockDirectory(dataDir) : undefined;
  const pg = await PGlite.create(dataDir ? { dataDir } : {});
  const statements = pgliteStatements(pg);
  const turn: Turn = (call) => pg.runExclusive(call);
  return {
    kind: 'pglite',
    ...inTurn(statements, turn),
    transaction: (fn) => turn(() => inTransaction(statements, fn)),
    async close() {
      await pg.close();
      // Only once PGlite has closed (a failed open or close keeps it until the process ends): another
      // process must not open files this one may yet write.
      await lock?.release();
    },
  };
}
