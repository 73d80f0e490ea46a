/**
 * The tables of `npm run bench:sign-in`, in Markdown like those of `npm run lighthouse`: for each
 * scenario and cache, each step's median on both sides and their ratio, and the whole sign-in.
 */
import { median } from '../lighthouse/report';
import type { Sent } from './conditions';

/** The moments of one sign-in, in milliseconds since the epoch. */
export interface Timeline {
  /** Just before the first page was asked for. */
  opened: number;
  emailShown: number;
  emailEntered: number;
  passwordShown: number;
  passwordEntered: number;
  /** The code step's, when the sign-in has one. */
  codeShown?: number;
  codeEntered?: number;
  /** When the browser requested the app's page. */
  appRequested: number;
}

export interface Step {
  label: string;
  ms: number;
}

export const TYPING = 'clicking and typing between the steps';
export const WHOLE = 'whole sign-in';

/**
 * Each step of a sign-in from its press (or the page's opening) to what it brings on; the clicks and
 * typing between a field shown and its Enter, which no step counts (a page busy then makes them
 * wait); and the whole, from opening to the app's request.
 */
export function steps(timeline: Timeline): Step[] {
  const { opened, emailShown, emailEntered, passwordShown, passwordEntered, codeShown, codeEntered, appRequested } = timeline;
  const measured: Step[] = [
    { label: 'open /login → e-mail field shown', ms: emailShown - opened },
    { label: 'Enter on the e-mail → password field shown', ms: passwordShown - emailEntered },
    ...(codeShown === undefined || codeEntered === undefined
      ? [{ label: "Enter on the password → the app's page", ms: appRequested - passwordEntered }]
      : [
          { label: 'Enter on the password → code field shown', ms: codeShown - passwordEntered },
          { label: "Enter on the code → the app's page", ms: appRequested - codeEntered },
        ]),
  ];
  const whole = appRequested - opened;
  return [...measured, { label: TYPING, ms: whole - measured.reduce((sum, step) => sum + step.ms, 0) }, { label: WHOLE, ms: whole }];
}

/**
 * One run in a line: the whole, each step in the tables' order, then the clicking and typing of each
 * field, so a slow run shows where it was slow (the tables give medians only).
 */
export function runLine(timeline: Timeline): string {
  const { opened, emailShown, emailEntered, passwordShown, passwordEntered, codeShown, codeEntered, appRequested } = timeline;
  const stepTimes = steps(timeline)
    .filter((step) => step.label !== TYPING && step.label !== WHOLE)
    .map((step) => step.ms.toFixed(0));
  const code = codeShown !== undefined && codeEntered !== undefined ? `, the code ${(codeEntered - codeShown).toFixed(0)} ms` : '';
  return (
    `${(appRequested - opened).toFixed(0)} ms (the steps ${stepTimes.join(' / ')} ms; clicking and typing the e-mail ${(emailEntered - emailShown).toFixed(0)} ms, ` +
    `the password ${(passwordEntered - passwordShown).toFixed(0)} ms${code})`
  );
}

/** "×2.41": how many times the floor's figure ours is, to the hundredth the targets are set in; none beside a floor of 0 or less. */
export const ratio = (ours: number, floor: number): string => (floor > 0 ? `×${(ours / floor).toFixed(2)}` : '–');

/** A step's median on both sides. */
export interface StepMedian {
  label: string;
  ours: number;
  floor: number;
}

/** Medians of each step over the runs of both sides, in the order of `steps`. */
export function stepMedians(ours: readonly Timeline[], floor: readonly Timeline[]): StepMedian[] {
  if (ours.length === 0 || floor.length === 0) throw new Error('A table needs runs of both sides.');
  const [oursSteps, floorSteps] = [ours.map(steps), floor.map(steps)];
  const labels = oursSteps[0]?.map((step) => step.label) ?? [];
  // Both sides of one scenario have the same steps, in the same order.
  const medianOf = (runs: Step[][], index: number) => median(runs.map((run) => run[index]?.ms ?? NaN));
  return labels.map((label, index) => ({ label, ours: medianOf(oursSteps, index), floor: medianOf(floorSteps, index) }));
}

/** Medians of each step over the runs of both sides, the whole sign-in in bold. */
export function stepTable(ours: readonly Timeline[], floor: readonly Timeline[]): string {
  const lines = ['| step | Frontdoor (median ms) | bare forms (median ms) | ratio |', '|---|---|---|---|'];
  for (const { label, ours: mine, floor: theirs } of stepMedians(ours, floor)) {
    const cells = [label, mine.toFixed(0), theirs.toFixed(0), ratio(mine, theirs)];
    lines.push(`| ${(label === WHOLE ? cells.map((cell) => `**${cell}**`) : cells).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** The medians of one scenario and cache, as `stepMedians` gives them, and its slowest whole runs. */
export interface ScenarioMedians {
  scenario: 'password' | 'totp';
  cache: 'cold' | 'warm';
  medians: StepMedian[];
  slowest: { ours: number; floor: number };
}

/** The slowest whole sign-in of each side: a slow run the medians hide still counts. */
export function slowestWholes(ours: readonly Timeline[], floor: readonly Timeline[]): { ours: number; floor: number } {
  const slowest = (runs: readonly Timeline[]) => Math.max(...runs.map((run) => run.appRequested - run.opened));
  return { ours: slowest(ours), floor: slowest(floor) };
}

/** The most a whole sign-in and any of its steps may take, as a ratio to the floor's. */
const TARGETS = { whole: 1.1, step: 1.25, slowest: 1.2 } as const;

/** What one engine measured, scenario by scenario, for the targets. */
export interface EngineTargets {
  engine: string;
  measured: readonly ScenarioMedians[];
}

/**
 * The sign-in's targets in each engine beside what the run measured: in every scenario and cache,
 * the whole sign-in's median within ×1.10 of the floor's and the slowest run within ×1.20 of the
 * floor's slowest, so a slow mode that some runs fall into shows even where the medians hide it;
 * and no step of any sign-in above ×1.25 (the clicks and typing between the steps are no step). A
 * ratio is rounded to the hundredth, as the tables print it.
 */
export function targetsTable(engines: readonly EngineTargets[]): string {
  const rounded = ({ ours, floor }: { ours: number; floor: number }) => Math.round((ours / floor) * 100) / 100;
  const rows: string[] = [];
  for (const { engine, measured } of engines) {
    const row = (what: string, target: number, value: number, where = '') =>
      rows.push(
        `| ${engine}: ${what} ≤ ×${target.toFixed(2)} | ${where ? 'worst ' : ''}×${value.toFixed(2)}${where} | ${value <= target ? 'met' : 'missed'} |`,
      );
    const scenario = (run: ScenarioMedians) => (run.scenario === 'totp' ? 'TOTP' : 'password');
    const name = (run: ScenarioMedians) => `${scenario(run)} sign-in, ${run.cache} cache`;
    for (const run of measured) {
      const whole = run.medians.find((step) => step.label === WHOLE);
      if (whole) row(`${name(run)}, whole`, TARGETS.whole, rounded(whole));
    }
    const everyStep = measured.flatMap((run) =>
      run.medians
        .filter((step) => step.label !== WHOLE && step.label !== TYPING)
        .map((step) => ({ value: rounded(step), where: ` (${step.label}, ${scenario(run)}, ${run.cache})` })),
    );
    // The first of the largest, as the tables list them.
    const worst = everyStep.reduce<(typeof everyStep)[number] | undefined>((most, step) => (most && most.value >= step.value ? most : step), undefined);
    if (worst) row('every step of every sign-in', TARGETS.step, worst.value, worst.where);
    for (const run of measured) row(`${name(run)}, slowest run`, TARGETS.slowest, rounded(run.slowest));
  }
  return ['| target | measured | |', '|---|---|---|', ...rows].join('\n');
}

/** Each run's whole sign-in, so the spread behind a median shows. */
export const wholeRuns = (runs: readonly Timeline[]): string => runs.map((run) => (run.appRequested - run.opened).toFixed(0)).join(' / ');

/**
 * The requests of a sign-in by path, each once with how many times it was made, how many of those
 * the cache answered, when each left after `since` (the key press they follow), and how long the
 * network took to answer each of the others (the emulated latency and the server's time), in the
 * order of their first request; paths of another origin with it.
 */
export function requestList(requests: readonly Sent[], origin: string, since: number): string[] {
  const counts = new Map<string, { count: number; cached: number; left: number[]; answered: number[] }>();
  for (const request of requests) {
    const url = new URL(request.url);
    const key = `${request.method} ${url.origin === origin ? '' : url.origin}${url.pathname}`;
    const count = counts.get(key) ?? { count: 0, cached: 0, left: [], answered: [] };
    counts.set(key, {
      count: count.count + 1,
      cached: count.cached + (request.fromCache ? 1 : 0),
      left: [...count.left, request.at - since],
      answered: !request.fromCache && request.waited !== undefined ? [...count.answered, request.waited] : count.answered,
    });
  }
  const times = (list: number[]) => list.map((ms) => ms.toFixed(0)).join(' / ');
  return [...counts].map(
    ([key, { count, cached, left, answered }]) =>
      `${count}× ${key}${cached ? ` (${cached} from the cache)` : ''}, sent ${times(left)} ms after the press${answered.length ? `, answered in ${times(answered)} ms` : ''}`,
  );
}
