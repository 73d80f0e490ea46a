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
    await expect(db.query(`INSERT INTO users (id, email) VALUES (gen_random_uuid(), 'ada@example.COM')`)).rejects.toThrow();
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
