/**
 * Work done after the answer has left, so the answer takes the same time whatever the work is
 * (register and forgot-password must not reveal whether an e-mail is known, by content or timing).
 */
import type { FastifyBaseLogger } from 'fastify';

export interface Background {
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

export function createBackground(log: Pick<FastifyBaseLogger, 'error'>): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const promise = task()
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
