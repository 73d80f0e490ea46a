/**
 * A request's one bound on its wait for the database (DATABASE_TIMEOUT_MS, server/config.ts): set
 * when the request comes in, carried through its asynchronous work, and read by every wait for a
 * pooled connection and every statement, each of which gets only what is left of it
 * (server/db/postgres.ts). Past it the database's failure is a timeout, which the API answers with
 * 503 and Retry-After (server/db/unavailable.ts). Work outside a request (the mail queue, the
 * sweep) has the pool's own bound per wait.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const deadlines = new AsyncLocalStorage<number>();

/** Runs `fn`, and all it starts, with the database's work bounded to `ms` from now. */
export function runWithDeadline<T>(ms: number, fn: () => T): T {
  return deadlines.run(Date.now() + ms, fn);
}

/** Runs `fn` outside any request's bound: work that outlives its request (server/background.ts). */
export function runWithoutDeadline<T>(fn: () => T): T {
  return deadlines.exit(fn);
}

/** Milliseconds the current request has left for the database; undefined outside a request. */
export function timeLeft(): number | undefined {
  const deadline = deadlines.getStore();
  return deadline === undefined ? undefined : deadline - Date.now();
}

/** What a wait for the database that ran out of its request's time fails with. */
export class DeadlinePassed extends Error {
  readonly code = 'ETIMEDOUT';
  constructor() {
    super("The request's time for the database ran out.");
  }
}
