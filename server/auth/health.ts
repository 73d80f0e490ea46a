/**
 * Whether the server can do its work: its database answers.
 */
import { ping, type Queryable } from '../db/database';

export type DatabaseHealth = { kind: 'ok' } | { kind: 'unavailable'; error: unknown };

export async function databaseHealth(db: Queryable): Promise<DatabaseHealth> {
  try {
    await ping(db);
    return { kind: 'ok' };
  } catch (error) {
    return { kind: 'unavailable', error };
  }
}
