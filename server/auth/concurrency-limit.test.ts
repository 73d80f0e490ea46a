import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency-limit';

describe('a concurrency limit', () => {
  it('runs at most its number of tasks at once, the others in the order they came', async () => {
    const limited = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const tasks = [0, 1, 2, 3, 4].map((index) =>
      limited(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return index;
      }),
    );
    while (started.length < 5) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    releases.forEach((release) => release());
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('gives the slot of a failed task to the next one', async () => {
    const limited = concurrencyLimit(1);
    const failing = limited(() => Promise.reject(new Error('no')));
    const next = limited(async () => 'ran');
    await expect(failing).rejects.toThrow('no');
    expect(await next).toBe('ran');
  });

  it('tells how long each task waited for its turn: nothing for one that found a slot, the time it queued for the next', async () => {
    const waits: number[] = [];
    const limited = concurrencyLimit(1, (ms) => waits.push(ms));
    const first = limited(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const second = limited(async () => undefined);
    await Promise.all([first, second]);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeLessThan(5);
    // Timers may fire a little early by the high-resolution clock.
    expect(waits[1]).toBeGreaterThanOrEqual(45);
  });
});
