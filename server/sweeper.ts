/**
 * The sweep (server/maintenance.ts) as a server runs it: once at start and every hour after, never
 * two at once, beside the requests rather than before them. A backlog (a database restored, a server
 * that was down for days) takes as long as its batches take without holding the start: a server
 * that waited for it would miss its own ready bound and never answer. Stopping lets the statement
 * under way finish and runs no further one, so a stop never waits for a backlog either.
 */
import type { Queryable } from './db/database-types';
import type { ServerConfig } from './config';
import { SWEEP_INTERVAL_MS, sweepExpired } from './maintenance';

export interface Sweeper {
  /** Sweeps at once, then every hour, until stopped. */
  start(): void;
  /** Resolves when no sweep is under way (tests, the scale bench). */
  idle(): Promise<void>;
  /** No further statement; resolves when the one under way has finished. */
  stop(): Promise<void>;
}

export function createSweeper(
  db: Queryable,
  config: Pick<ServerConfig, 'auditRetentionDays'>,
  log: { error(details: object, message: string): void },
): Sweeper {
  const stopping = new AbortController();
  // Every statement of a sweep asks first whether the server is stopping, so a sweep ends between batches.
  const stoppable: Queryable = {
    query: (sql, params) => {
      stopping.signal.throwIfAborted();
      return db.query(sql, params);
    },
    exec: (sql) => {
      stopping.signal.throwIfAborted();
      return db.exec(sql);
    },
  };
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    running ??= sweepExpired(stoppable, config)
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) log.error({ err: error }, 'sweeping expired rows failed');
      })
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      sweep();
      timer = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
    },
    idle: async () => {
      await running;
    },
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
