/**
 * The tables of `npm run lighthouse`, in Markdown to paste into docs/figures.md:
 * medians of the runs, each as a ratio to the bare form, the targets of /login beside its figures,
 * and the delay of the first key press after load.
 */
import type { Figures } from './audit';
import type { Press } from './keypress';

/** The middle value, or the mean of the two middle ones; none of no values. */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.slice(Math.ceil(sorted.length / 2) - 1, Math.floor(sorted.length / 2) + 1);
  return middle.reduce((sum, value) => sum + value, 0) / middle.length;
};

export function medians(runs: readonly Figures[]): Figures {
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]));
  return { score: of('score'), fcp: of('fcp'), lcp: of('lcp'), tbt: of('tbt'), cls: of('cls'), bytes: of('bytes') };
}

const COLUMNS: { key: keyof Figures; title: string; show: (value: number) => string }[] = [
  { key: 'score', title: 'score', show: (value) => value.toFixed(0) },
  { key: 'fcp', title: 'FCP', show: (value) => `${(value / 1000).toFixed(2)} s` },
  { key: 'lcp', title: 'LCP', show: (value) => `${(value / 1000).toFixed(2)} s` },
  { key: 'tbt', title: 'TBT', show: (value) => `${value.toFixed(0)} ms` },
  { key: 'cls', title: 'CLS', show: (value) => value.toFixed(3) },
  { key: 'bytes', title: 'transfer', show: (value) => `${(value / 1024).toFixed(1)} KB` },
];

/** "×1.6" beside a figure; none where the bare form's figure is 0 (a ratio to nothing). */
const ratio = (value: number, floor: number) => (floor === 0 ? '' : ` (×${(value / floor).toFixed(value / floor >= 10 ? 0 : 1)})`);

export function figuresTable(pages: readonly { name: string; figures: Figures }[], floor: Figures): string {
  const lines = [`| page | ${COLUMNS.map((column) => column.title).join(' | ')} |`, `|---|${COLUMNS.map(() => '---').join('|')}|`];
  for (const { name, figures } of pages) {
    lines.push(`| ${name} | ${COLUMNS.map((column) => column.show(figures[column.key]) + ratio(figures[column.key], floor[column.key])).join(' | ')} |`);
  }
  return lines.join('\n');
}

export interface Target {
  what: string;
  figure: string;
  target: string;
  met: boolean;
}

export function loginTargets(login: Figures): Target[] {
  return [
    { what: 'performance score', figure: login.score.toFixed(0), target: '100', met: login.score >= 100 },
    { what: 'LCP', figure: `${(login.lcp / 1000).toFixed(2)} s`, target: '≤ 1.00 s', met: login.lcp <= 1000 },
    { what: 'TBT', figure: `${login.tbt.toFixed(0)} ms`, target: '0 ms', met: Math.round(login.tbt) === 0 },
    { what: 'CLS', figure: login.cls.toFixed(3), target: '0', met: login.cls === 0 },
  ];
}

export function targetsTable(targets: readonly Target[]): string {
  return [
    '| /login | median | target | |',
    '|---|---|---|---|',
    ...targets.map((target) => `| ${target.what} | ${target.figure} | ${target.target} | ${target.met ? 'met' : 'missed'} |`),
  ].join('\n');
}

export const KEY_PRESS_TARGET_MS = 50;

/** Each round's presses by time after load, the worst of each round, and their median beside the target. */
export function keyPressTable(rounds: readonly Press[][]): { table: string; worst: number } {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const lines = [`| key press after load | ${rounds.map((_, index) => `round ${index + 1}`).join(' | ')} |`, `|---|${rounds.map(() => '---').join('|')}|`];
  for (const [index, press] of rounds[0]!.entries()) {
    const cells = rounds.map((round) => round[index]).map((pressed) => (pressed ? `${ms(pressed.delay)} (at ${ms(pressed.at)})` : '–'));
    lines.push(`| ${ms(press.after)} | ${cells.join(' | ')} |`);
  }
  const worsts = rounds.map((round) => Math.max(...round.map((press) => press.delay)));
  lines.push(`| worst | ${worsts.map(ms).join(' | ')} |`);
  const worst = median(worsts);
  lines.push('', `Median of the worst: ${ms(worst)} (target ≤ ${KEY_PRESS_TARGET_MS} ms: ${worst <= KEY_PRESS_TARGET_MS ? 'met' : 'missed'}).`);
  return { table: lines.join('\n'), worst };
}

/** The long tasks that ran after load, and when the router's chunk arrived: what a slow key press waited for. */
export function longTaskNotes(rounds: readonly Press[][]): string {
  const tasks = rounds.flat().flatMap((press) => press.longTasks);
  if (tasks.length === 0) return 'No long task (over 50 ms) ran after load.';
  const durations = tasks.map(([, duration]) => duration);
  const starts = tasks.map(([start]) => start);
  const router = rounds
    .flat()
    .map((press) => press.routerArrived)
    .filter((at): at is number => at !== undefined);
  return (
    `Long tasks after load: ${tasks.length} in ${rounds.flat().length} page loads, ${Math.min(...durations).toFixed(0)} to ${Math.max(...durations).toFixed(0)} ms long ` +
    `(median ${median(durations).toFixed(0)} ms), starting ${Math.min(...starts).toFixed(0)} to ${Math.max(...starts).toFixed(0)} ms after load` +
    (router.length ? `; the router's chunk arrived ${median(router).toFixed(0)} ms after load (median).` : '.')
  );
}

/** Every run's figures of a page, so the spread behind a median shows. */
export function runsLine(name: string, runs: readonly Figures[]): string {
  const list = (key: keyof Figures, show: (value: number) => string) => runs.map((run) => show(run[key])).join(' / ');
  return (
    `${name}: score ${list('score', (value) => value.toFixed(0))}; LCP ${list('lcp', (value) => (value / 1000).toFixed(2))} s; ` +
    `TBT ${list('tbt', (value) => value.toFixed(0))} ms; CLS ${list('cls', (value) => value.toFixed(3))}`
  );
}
