/**
 * Runs at most `max` tasks at once; the others wait their turn in order. A finished task hands its
 * slot straight to the next one waiting, so the limit holds however the tasks interleave. `waited`,
 * when given, hears how long each task waited for its turn, in milliseconds (0 when a slot was free).
 */
export function concurrencyLimit(max: number, waited?: (ms: number) => void) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    const since = performance.now();
    if (running < max) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    waited?.(performance.now() - since);
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
