/**
 * Whether the server can do its work: its database answers, and which failures mean it does not.
 */
import { ping } from '../db/database';
import type { Queryable } from '../db/database-types';

export { isDatabaseUnavailable } from '../db/unavailable';

/**
 * How long the health check waits for the database, whatever DATABASE_TIMEOUT_MS says: a load
 * balancer gives up on a check after a few seconds, and a late answer counts as none.
 */
export const HEALTH_TIMEOUT_MS = 1500;

export type DatabaseHealth = { kind: 'ok' } | { kind: 'unavailable'; error: unknown };

export async function databaseHealth(db: Queryable): Promise<DatabaseHealth> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`The database did not answer within ${HEALTH_TIMEOUT_MS} ms.`)), HEALTH_TIMEOUT_MS);
  });
  try {
    // The ping goes on after a timeout until its own bound; the race has its failure handled.
    await Promise.race([ping(db), late]);
    return { kind: 'ok' };
  } catch (error) {
    return { kind: 'unavailable', error };
  } finally {
    clearTimeout(timer);
  }
}
