/**
 * Work done after the answer has left, so the answer takes the same time whatever the work is
 * (register and forgot-password must not reveal whether an e-mail is known, by content or timing).
 * The work is queued: tasks run one at a time, each no sooner than a short, slightly random delay
 * after it was queued, so it competes neither with the request that queued it nor with that
 * caller's next request, whose time therefore does not depend on what the task had to do.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface Background {
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves when every task queued so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

/** The least delay before a queued task starts; up to as much again is added at random. */
export const BACKGROUND_DELAY_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createBackground(log: Pick<FastifyBaseLogger, 'error'>): Background {
  let queue: Promise<void> = Promise.resolve();
  return {
    run(name, task) {
      const due = Date.now() + BACKGROUND_DELAY_MS * (1 + Math.random());
      queue = queue.then(async () => {
        await sleep(due - Date.now());
        await task().catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'));
      });
    },
    async idle() {
      let current: Promise<void>;
      do {
        current = queue;
        await current;
      } while (current !== queue);
    },
  };
}
