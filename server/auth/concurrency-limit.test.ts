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
});
