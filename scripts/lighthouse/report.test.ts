import { describe, expect, it } from 'vitest';
import { figuresTable, keyPressTable, loginTargets, median, medians } from './report';
import type { Figures } from './audit';

const figures = (overrides: Partial<Figures> = {}): Figures => ({ score: 100, fcp: 650, lcp: 650, tbt: 0, cls: 0, bytes: 1536, ...overrides });

describe('the Lighthouse tables', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(medians([figures({ lcp: 900 }), figures({ lcp: 700 }), figures({ lcp: 800 })]).lcp).toBe(800);
  });

  it('gives each figure as a ratio to the bare form, and none beside a floor of 0', () => {
    const table = figuresTable([{ name: '/login', figures: figures({ lcp: 980, tbt: 20, bytes: 15360 }) }], figures());
    expect(table).toContain('| /login | 100 (×1.0) | 0.65 s (×1.0) | 0.98 s (×1.5) | 20 ms | 0.000 | 15.0 KB (×10) |');
  });

  it('marks the targets of /login met or missed', () => {
    const marks = loginTargets(figures({ lcp: 1001, tbt: 0.4 })).map((target) => [target.what, target.met]);
    expect(marks).toEqual([
      ['performance score', true],
      ['LCP', false],
      ['TBT', true],
      ['CLS', true],
    ]);
  });

  it('reports the median of each round’s worst key press', () => {
    const press = (delay: number) => ({ after: 0, at: 1, delay, longTasks: [] });
    const { worst, table } = keyPressTable([
      [press(10), press(60)],
      [press(30), press(5)],
      [press(40), press(45)],
    ]);
    expect(worst).toBe(45);
    expect(table).toContain('target ≤ 50 ms: met');
  });
});
