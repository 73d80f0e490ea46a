/**
 * Open-loop load: requests leave at a fixed rate whatever the server does, and each one's latency
 * counts from the moment it was scheduled, so queueing in the server (or a late sender) shows in
 * the figures instead of slowing the load down, as a closed loop would.
 */
export interface LoadResult {
  sent: number;
  failed: number;
  /** Requests completed per second, from the first scheduled send to the last answer. */
  throughput: number;
  p50: number;
  p99: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Sends `count` requests at `rate` a second; `request(i)` must resolve when the answer is read, true if it succeeded. */
export async function openLoop(rate: number, count: number, request: (index: number) => Promise<boolean>): Promise<LoadResult> {
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const inFlight: Promise<void>[] = [];
  let failed = 0;
  let lastAnswer = 0;
  const start = performance.now() + 20;
  for (let index = 0; index < count; index += 1) {
    const due = start + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    inFlight.push(
      request(index).then(
        (ok) => {
          lastAnswer = performance.now();
          latencies.push(lastAnswer - due);
          if (!ok) failed += 1;
        },
        () => {
          failed += 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return {
    sent: count,
    failed,
    throughput: (count - failed) / ((lastAnswer - start) / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}
