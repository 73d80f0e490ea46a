/**
 * PostgreSQL's connection pool: its connections and waiting callers, read at each scrape, and the
 * work that failed on DATABASE_TIMEOUT_MS. PGlite has no pool and reports none of it.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { PoolObserver } from '../db/database-types';

export function observeDatabasePool(registry: Registry, pool: PoolObserver | undefined): void {
  if (!pool) return;
  const gauge = (name: string, help: string, read: (counts: ReturnType<PoolObserver['counts']>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(pool.counts()));
      },
    });
  gauge('frontdoor_db_pool_connections', 'Connections the pool holds open (at most 10).', (counts) => counts.total);
  gauge('frontdoor_db_pool_idle_connections', 'Open connections no one is using.', (counts) => counts.idle);
  gauge('frontdoor_db_pool_waiting', 'Callers waiting for a connection to be free.', (counts) => counts.waiting);
  const timeouts = new Counter({
    name: 'frontdoor_db_timeouts_total',
    help: 'Statements, transactions and waits for a connection that failed on DATABASE_TIMEOUT_MS.',
    registers: [registry],
  });
  pool.onTimeout(() => timeouts.inc());
}
