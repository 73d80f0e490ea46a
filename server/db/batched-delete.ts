/**
 * The sweep's one way to delete (server/maintenance.ts): a few rows a statement, found through the
 * index of the condition and deleted by their row address (a TID scan, whatever the estimates),
 * until none is left, giving the event loop a turn between statements. No statement comes near
 * the database's bound however large the backlog, and requests run between them (on PGlite, whose
 * statements run on this thread, too).
 */
import type { Queryable } from './database-types';

/**
 * Put in the FROM of a batch's answer: the batch commits without waiting for its WAL to reach the
 * disk. A deletion a crash loses is made again by the next pass; the wait was most of what a pass
 * cost where something had expired (0.3 ms a commit on the development machine, docs/figures.md).
 */
export const UNFLUSHED_COMMIT = `(SELECT set_config('synchronous_commit', 'off', true)) AS unflushed`;

/** Rows one statement deletes: a few milliseconds of work on an index. */
export const DELETE_BATCH = 1000;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs `sql`, a statement that acts on at most DELETE_BATCH rows (its last parameter) and answers
 * how many as `n`, again and again with a turn of the event loop between, until it acts on fewer.
 * Each run must take the rows it acts on out of what the next one selects, or the runs never end.
 */
export async function inBatches(db: Queryable, sql: string, params: readonly unknown[] = []): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await db.query<{ n: number }>(sql, [...params, DELETE_BATCH]);
    const done = row?.n ?? 0;
    total += done;
    if (done < DELETE_BATCH) return total;
    await nextTurn();
  }
}

/**
 * Deletes the rows of `table` that `where` selects, DELETE_BATCH at a time, oldest first by the
 * indexed column `oldest` that `where` bounds: each batch walks that index from its start, so no
 * estimate (statistics from before the last sweep) can turn it into a read of the whole table.
 * Answers how many went. `table`, `oldest` and `where` are the caller's constant SQL; values go in `params`.
 */
export function deleteInBatches(db: Queryable, table: string, oldest: string, where: string, params: readonly unknown[] = []): Promise<number> {
  const sql = `WITH gone AS (DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM ${table} WHERE ${where} ORDER BY ${oldest} LIMIT $${params.length + 1})) RETURNING 1)
    SELECT count(*)::int AS n FROM gone, ${UNFLUSHED_COMMIT}`;
  return inBatches(db, sql, params);
}
