/**
 * The server's stop on SIGTERM or SIGINT: it takes no new connection, finishes the requests under
 * way, lets the mail worker finish the mail it holds (server/mail/mail-queue.ts), closes the
 * database and exits 0. A stop still under way after STOP_TIMEOUT_MS says so in the log and exits 1:
 * a mail it held is sent again once its claim ends. A second signal ends the process at once.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database-types';

export const STOP_TIMEOUT_MS = 10_000;

/** How often a stop closes the connections its answers left idle. */
const IDLE_SWEEP_MS = 100;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

export function stopOnSignals(app: FastifyInstance, db: Database): void {
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'stopping: finishing the requests under way');
    const bound = setTimeout(() => {
      app.log.error({ signal, timeoutMs: STOP_TIMEOUT_MS }, 'the stop took too long: exiting without waiting further');
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    // Two turns of the event loop first: connections that were waiting to be accepted when the
    // signal came are accepted, and then their requests read, so they are answered rather than cut
    // off with the closing listener as not yet begun.
    await nextTurn();
    await nextTurn();
    // Closing the server closes the connections idle then; one whose request ends later would be
    // kept alive, holding the stop up until its keep-alive timeout (72 s in Fastify).
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    try {
      // The mail worker stops with the app (server/app.ts), before the database closes under it.
      await app.close();
      await db.close();
    } catch (error) {
      app.log.error({ err: error }, 'the stop failed');
      process.exit(1);
    }
    clearInterval(sweep);
    clearTimeout(bound);
    app.log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
