import { describe, expect, it } from 'vitest';
import { migrate, migrations } from './migrations';
import { testDatabases, useTestDatabases } from '../testing/databases';

describe.each(testDatabases)('the data layer on $name', (target) => {
  const open = useTestDatabases(target);

  it('applies every migration once and records it', async () => {
    const { db } = await open();
    const rows = await db.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual(migrations.map((migration) => migration.id));
    expect(await migrate(db)).toEqual([]);
  });

  it('keeps e-mail addresses unique ignoring case', async () => {
    const { db } = await open();
    await db.query(`INSERT INTO users (id, email) VALUES (gen_random_uuid(), 'Ada@Example.com')`);
    await expect(db.query(`INSERT INTO users (id, email) VALUES (gen_random_uuid(), 'ada@example.COM')`)).rejects.toMatchObject({ code: '23505' });
  });

  it('rolls a failed transaction back whole', async () => {
    const { db } = await open();
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO users (id, email) VALUES (gen_random_uuid(), 'grace@example.com')`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.query(`SELECT id FROM users WHERE email = 'grace@example.com'`)).toEqual([]);
  });

  it('fails a transaction PostgreSQL rolled back: one of its statements failed and fn went on, so nothing it wrote is kept', async () => {
    const { db } = await open();
    const transaction = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO users (id, email) VALUES (gen_random_uuid(), 'grace@example.com')`);
      await expect(tx.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
    });
    await expect(transaction).rejects.toMatchObject({ code: '25P02' });
    expect(await db.query(`SELECT id FROM users WHERE email = 'grace@example.com'`)).toEqual([]);
  });

  it('runs a statement again with other values, inside a transaction and outside, each value as the type of its column', async () => {
    const { db } = await open();
    const insert = 'INSERT INTO rate_counters (key, count, window_end) VALUES ($1, $2, to_timestamp($3)) RETURNING key, count, window_end';
    expect(await db.query(insert, ['a', 1, 0])).toEqual([{ key: 'a', count: 1, window_end: new Date(0) }]);
    await db.transaction(async (tx) => {
      expect(await tx.query(insert, ['b', 2, 1])).toEqual([{ key: 'b', count: 2, window_end: new Date(1000) }]);
    });
    expect(await db.query(insert, ['c', 3, 2])).toEqual([{ key: 'c', count: 3, window_end: new Date(2000) }]);
    const select = 'SELECT key FROM rate_counters WHERE count >= $1 ORDER BY key';
    expect(await db.query(select, [2])).toEqual([{ key: 'b' }, { key: 'c' }]);
    expect(await db.query(select, [4])).toEqual([]);
    await expect(db.query(insert, ['a', 4, 3])).rejects.toThrow(/duplicate key/);
    expect(await db.query(select, [1])).toHaveLength(3);
  });

  it('keeps a statement called during another caller’s transaction out of it', async () => {
    const { db } = await open();
    const insert = `INSERT INTO rate_counters (key, count, window_end) VALUES ($1, 1, now())`;
    await db.query(insert, ['before']);
    let begun!: () => void;
    let release!: () => void;
    const transactionBegun = new Promise<void>((resolve) => (begun = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query(insert, ['inside']);
      begun();
      await released;
      throw new Error('rolled back');
    });
    await transactionBegun;
    const outside = db.query(insert, ['outside']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    await outside;
    expect(await db.query('SELECT key FROM rate_counters ORDER BY key')).toEqual([{ key: 'before' }, { key: 'outside' }]);
  });

  it('answers statements built with their values inside, more of them than PGlite keeps prepared', async () => {
    const { db } = await open();
    for (let value = 0; value < 600; value += 1) expect(await db.query(`SELECT ${value}::integer + $1 AS n`, [1])).toEqual([{ n: value + 1 }]);
  });

  if (target.name === 'PGlite') {
    // node-postgres queues them too, but warns that it will stop doing so.
    it('answers each of the statements a transaction starts at once with its own rows', async () => {
      const { db } = await open();
      const answers = await db.transaction((tx) => Promise.all([1, 2, 3].map((n) => tx.query('SELECT $1::integer AS n', [n]))));
      expect(answers).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
    });

    it('refuses a statement of a transaction that has ended', async () => {
      const { db } = await open();
      const tx = await db.transaction(async (tx) => tx);
      await expect(tx.query('SELECT 1')).rejects.toThrow('The transaction has ended.');
    });
  }

  if (target.name === 'PostgreSQL') {
    it('lets two instances starting together apply each migration once', async () => {
      const first = await open();
      const second = await open(first.schema);
      const extra = [...migrations, { id: 999, name: 'probe', sql: 'CREATE TABLE probe (id integer)' }];
      const results = await Promise.all([migrate(first.db, extra), migrate(second.db, extra)]);
      expect(results.flat()).toEqual([999]);
    });
  }
});
