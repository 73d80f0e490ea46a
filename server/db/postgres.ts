import pg from 'pg';
import type { Database, Queryable } from './database';

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query(sql, [...params]);
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

/** A real PostgreSQL through a connection pool; `schema` confines every connection to one schema. */
export async function openPostgres(connectionString: string, schema?: string): Promise<Database> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name "${schema}".`);
  const pool = new pg.Pool({ connectionString, max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
