import { describe, expect, it } from 'vitest';
import { testDatabases, useTestDatabases } from './testing/databases';
import { DELETE_BATCH } from './db/batched-delete';
import { createSweeper } from './sweeper';
import type { Queryable } from './db/database-types';

const backlog = (db: Queryable, batches: number) =>
  db.query(`INSERT INTO revoked_tokens (jti, expires_at) SELECT gen_random_uuid(), now() - interval '1 minute' FROM generate_series(1, $1)`, [
    batches * DELETE_BATCH,
  ]);
const left = async (db: Queryable) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM revoked_tokens'))[0]!.n;
const quiet = { error: () => undefined };

describe.each(testDatabases)('the sweep beside the server on $name', (target) => {
  const open = useTestDatabases(target);

  it('sweeps a backlog in the background from the start, batch after batch, until nothing expired is left', async () => {
    const { db } = await open();
    await backlog(db, 5);
    const sweeper = createSweeper(db, { auditRetentionDays: 90 }, quiet);
    sweeper.start();
    await sweeper.idle();
    expect(await left(db)).toBe(0);
    await sweeper.stop();
  });

  it('stops between batches: a stop runs no statement after the one under way', async () => {
    const { db } = await open();
    await backlog(db, 5);
    const sweeper = createSweeper(db, { auditRetentionDays: 90 }, quiet);
    sweeper.start();
    await sweeper.stop();
    expect(await left(db)).toBeGreaterThanOrEqual(4 * DELETE_BATCH);
  });

  it('logs a failed sweep instead of throwing it at the server', async () => {
    const errors: object[] = [];
    const failing: Queryable = { query: () => Promise.reject(new Error('the database went away')), exec: () => Promise.resolve() };
    const sweeper = createSweeper(failing, { auditRetentionDays: 90 }, { error: (details) => errors.push(details) });
    sweeper.start();
    await sweeper.idle();
    expect(errors).toHaveLength(1);
    await sweeper.stop();
  });
});
