/**
 * `npm run bench:sign-in`: how long a whole sign-in takes on the built app (dist/, served by the
 * reference server as in production) beside the floor, the same sign-in as bare server-rendered
 * forms with no script (bare-forms.ts), on a slow phone's network: Lighthouse's slow-4G figures as
 * they are (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up, a kilobit of 1024 bits as Lighthouse
 * counts it), not Lighthouse's DevTools-adjusted 562.5 ms (conditions.ts). In two engines, each
 * as engine.ts asks: Chromium through Playwright, the network emulated by the DevTools protocol and
 * the CPU 4x slower (chromium-engine.ts); Firefox over WebDriver BiDi, the network held by the
 * benchmark's proxy, the CPU at the machine's speed (firefox-engine.ts, shaping-proxy.ts). Each run
 * checks that every request after the e-mail's Enter, on whichever document, waited the latency.
 *
 * Measured step by step, as a person signs in who clicks each field the moment it is shown, types
 * and presses Enter (sign-in-run.ts): opening /login until the e-mail field is shown, each Enter
 * until the next field is shown, the last Enter until the browser requests the app's page (where
 * the front door ends), and the whole sign-in, the clicks and typing between the steps included.
 * A field counts as shown at the start of the animation frame that paints it (probe.ts), up to a
 * frame (17 ms) before its pixels and alike on both sides; an Enter from just before the key is
 * sent; the app's request at the browser's own time of it (Chromium) or the proxy's (Firefox).
 *
 * Two scenarios: "password", a returning user of an organisation whose terms they accepted, MFA
 * optional and "Skip" chosen today (the skip-MFA cookie already in the browser); "TOTP", a user with
 * an authenticator app who types its current code. Each with a cold cache (a new browser context)
 * and a warm one (a first sign-in fills the HTTP cache, then cookies and storage go but the
 * skip-MFA cookie). Runs are taken in turns, the app then the floor, so a busy moment of the machine
 * falls on both; before them, each engine signs in once on each side, unmeasured. Prints Markdown
 * tables to paste into docs/figures.md on stdout, and the targets beside what the run measured
 * (report.ts, `targetsTable`); progress and what each side requested after the password's Enter in
 * each table's last run, with how long each answer took, on stderr.
 *
 * The users come from the admin command on a fresh data directory, then the API (accounts.ts): the
 * server takes each 30-second TOTP step once per user, so every sign-in with a code, warm-ups
 * included, has a TOTP user of its own (3 per run). No rate limit of the server is reached: the
 * returning user's sign-ins all succeed, which no limit counts, and the per-address limits
 * (SSO-mode look-ups 120 a minute, passkey options 300 a minute) are far above a run's pace.
 *
 * Environment: BENCH_RUNS, runs per scenario, cache and side (default 7); BENCH_SCENARIOS, the
 * scenarios to run (default "password,totp"); BENCH_ENGINES, the engines (default
 * "chromium,firefox"); BENCH_PORT, the reference server's port, the bare forms on the next one
 * (default 8590); BENCH_TRACE_DIR, a folder to write a Chromium trace of each measured sign-in
 * into (`chromium-password-cold-Frontdoor-1.json`, …; open one in DevTools' Performance
 * panel): tracing slows the page, so a traced run's figures are not the benchmark's. Needs
 * `npm run build` first. Not part of `npm test`: minutes long, and too noisy on a shared machine
 * for a pass or fail.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redirectTarget } from '../../src/steps/redirect';
import { currentStep, untilStep } from '../contract-checker/totp';
import { loadAverage, machine } from '../lighthouse/machine';
import { startReferenceServer, type Running } from '../lighthouse/servers';
import { CONTEXT, createAccounts, prepareAccounts, type TotpUser } from './accounts';
import { startBareForms } from './bare-forms';
import { openChromium } from './chromium-engine';
import type { BenchEngine } from './engine';
import { openFirefox } from './firefox-engine';
import { requestList, runLine, slowestWholes, stepMedians, stepTable, targetsTable, wholeRuns, type EngineTargets, type Timeline } from './report';
import { measure, type Cache, type Measured, type Scenario, type SignInAs, type Side } from './sign-in-run';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 7);
const port = Number(process.env.BENCH_PORT ?? 8590);
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'password,totp').split(',') as Scenario[];
const CACHES: Cache[] = ['cold', 'warm'];
const traceDir = process.env.BENCH_TRACE_DIR;
const OPEN = { chromium: openChromium, firefox: openFirefox } satisfies Record<string, () => Promise<BenchEngine>>;
const ENGINES = (process.env.BENCH_ENGINES ?? 'chromium,firefox').split(',') as (keyof typeof OPEN)[];
const TITLE = { password: 'Password', totp: 'TOTP' } satisfies Record<Scenario, string>;

if (!existsSync(join(root, 'dist', 'pages', 'pages.json'))) throw new Error('No build in dist/: run npm run build first.');
if (SCENARIOS.some((scenario) => scenario !== 'password' && scenario !== 'totp'))
  throw new Error(`BENCH_SCENARIOS lists password, totp or both, got "${process.env.BENCH_SCENARIOS}".`);
if (ENGINES.some((engine) => !(engine in OPEN))) throw new Error(`BENCH_ENGINES lists chromium, firefox or both, got "${process.env.BENCH_ENGINES}".`);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_RUNS must be a whole number of 1 or more, got "${process.env.BENCH_RUNS}".`);

/** Fails while another process listens on the port: its answers would pass for the benchmark's servers'. */
async function assertFree(port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', () => reject(new Error(`Port ${port} is in use: stop what listens on it, or set BENCH_PORT.`)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/** Where the front door sends the organisation's users: the app the reference server's configuration names (PLATFORM_HOST). */
async function appUrlOf(origin: string): Promise<string> {
  const page = await (await fetch(`${origin}/login`)).text();
  const config = /<script id=["']?frontdoor-config["']?[^>]*>([^<]*)<\/script>/.exec(page)?.[1];
  const platformHost = config ? (JSON.parse(config) as { platformHost?: unknown }).platformHost : undefined;
  if (typeof platformHost !== 'string') throw new Error(`${origin}/login carries no platformHost in its runtime configuration.`);
  const url = new URL(origin);
  return redirectTarget({ context: CONTEXT }, { platformHost, currentHost: url.hostname, protocol: url.protocol });
}

/** A TOTP user's sign-in: the code of the current step, which the setup left unspent. */
const withCode = (user: TotpUser): SignInAs => ({
  email: user.email,
  password: user.password,
  async code() {
    if (currentStep() <= user.usedStep) await new Promise((resolve) => setTimeout(resolve, untilStep(user.usedStep + 1) + 50));
    return user.authenticator.codeAt(currentStep());
  },
});

const started = new Date();
const loadBefore = loadAverage();
const dir = mkdtempSync(join(tmpdir(), 'frontdoor-bench-sign-in-'));
const running: Running[] = [];
try {
  await Promise.all([assertFree(port), assertFree(port + 1)]);
  // In each engine, one for each cold sign-in with a code, two for each warm one (its warm-up and its measure).
  const totpUsers = runs * 3 * ENGINES.length;
  console.error(`Creating the organisation and ${totpUsers + 1} users with the admin command …`);
  await createAccounts(join(dir, 'data'), totpUsers);
  const app = await startReferenceServer(port, join(dir, 'data'));
  running.push(app);
  const { returning, totp } = await prepareAccounts(app.origin, totpUsers);
  const appUrl = await appUrlOf(app.origin);
  const floor = await startBareForms(port + 1, appUrl, returning.password);
  running.push(floor);

  const ours: Side = { name: 'Frontdoor', origin: app.origin, start: () => `${app.origin}/login` };
  const bare: Side = { name: 'bare forms', origin: floor.origin, start: (scenario) => `${floor.origin}/${scenario === 'totp' ? '?then=code' : ''}` };
  // The floor checks nothing: its person types the same e-mail, password and a code of the same kind.
  const floorCode = withCode(totp[0]!).code;
  const floorPerson = (scenario: Scenario): SignInAs => ({ ...returning, ...(scenario === 'totp' ? { code: floorCode } : {}) });
  const nextTotpUser = () => {
    const user = totp.shift();
    if (!user) throw new Error('No TOTP user left for a sign-in.');
    return withCode(user);
  };
  /** Who signs in on a side: the floor's one person, or ours, a TOTP user of their own for each sign-in with a code. */
  const personFor = (side: Side, scenario: Scenario): SignInAs => (side === bare ? floorPerson(scenario) : scenario === 'totp' ? nextTotpUser() : returning);
  const appOrigin = new URL(appUrl).origin;
  /** One sign-in in a new session of the engine; a warm one signs in first to fill its cache. */
  const signIn = async (engine: BenchEngine, side: Side, scenario: Scenario, cache: Cache, trace?: string) => {
    const person = personFor(side, scenario);
    const warmUp = cache === 'warm' ? personFor(side, scenario) : undefined;
    return measure(await engine.newSession(), {
      side,
      scenario,
      cache,
      person,
      ...(warmUp ? { warmUp } : {}),
      frontDoor: app.origin,
      skipMfaUser: returning.id,
      appOrigin,
      ...(trace ? { trace } : {}),
    });
  };

  if (traceDir) mkdirSync(traceDir, { recursive: true });
  const sections: string[] = [];
  const targets: EngineTargets[] = [];
  for (const engineName of ENGINES) {
    const engine = await OPEN[engineName]();
    const results = new Map<string, Measured[]>();
    const key = (scenario: Scenario, cache: Cache, side: Side) => `${scenario} ${cache} ${side.name}`;
    try {
      // Unmeasured, once a side: a browser's first pages start parts of the browser that no later run starts again.
      for (const side of [ours, bare]) await signIn(engine, side, 'password', 'cold');
      for (let run = 1; run <= runs; run += 1) {
        for (const scenario of SCENARIOS) {
          for (const cache of CACHES) {
            for (const side of [ours, bare]) {
              const trace = traceDir && join(traceDir, `${engineName}-${scenario}-${cache}-${side.name.replaceAll(' ', '-')}-${run}.json`);
              const measured = await signIn(engine, side, scenario, cache, trace);
              results.set(key(scenario, cache, side), [...(results.get(key(scenario, cache, side)) ?? []), measured]);
              console.error(`${engine.name}, run ${run} of ${runs}, ${scenario}, ${cache} cache, ${side.name}: ${runLine(measured.timeline)}`);
            }
          }
        }
      }
    } finally {
      await engine.close();
    }

    for (const scenario of SCENARIOS) {
      for (const cache of CACHES) {
        for (const side of [ours, bare]) {
          const last = results.get(key(scenario, cache, side))?.at(-1);
          if (!last) continue;
          console.error(`\n${engine.name}, ${side.name}: requests after the password's Enter (${scenario}, ${cache} cache, last run):`);
          for (const line of requestList(last.afterPassword, side.origin, last.timeline.passwordEntered)) console.error(`  ${line}`);
        }
      }
    }

    const timelines = (scenario: Scenario, cache: Cache, side: Side): Timeline[] => (results.get(key(scenario, cache, side)) ?? []).map((run) => run.timeline);
    /** Each scenario and cache with both sides' runs, for its table and its targets. */
    const pairs = SCENARIOS.flatMap((scenario) =>
      CACHES.map((cache) => ({ scenario, cache, mine: timelines(scenario, cache, ours), theirs: timelines(scenario, cache, bare) })),
    );
    sections.push(
      `#### ${engine.name}`,
      '',
      `${engine.described}.`,
      ...pairs.flatMap(({ scenario, cache, mine, theirs }) => [
        '',
        `**${engine.name}: ${TITLE[scenario]}, ${cache} cache**`,
        '',
        stepTable(mine, theirs),
        '',
        `Whole sign-in of each run, ms: Frontdoor ${wholeRuns(mine)}; bare forms ${wholeRuns(theirs)}.`,
      ]),
      '',
    );
    targets.push({
      engine: engine.name,
      measured: pairs.map(({ scenario, cache, mine, theirs }) => ({
        scenario,
        cache,
        medians: stepMedians(mine, theirs),
        slowest: slowestWholes(mine, theirs),
      })),
    });
  }

  const host = machine();
  console.log(
    [
      '### Sign-in (`npm run bench:sign-in`)',
      '',
      `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC; ${host.cores} cores (${host.cpu}), Node ${host.node}; ` +
        `load average ${loadBefore} before, ${loadAverage()} after. Medians of ${runs} runs each, the app and the bare forms in turns; ` +
        `each step from the key press to the next field shown, the last to the browser's request of the app's page (the bare forms open at /, not /login).`,
      '',
      ...sections,
      '#### Targets',
      '',
      targetsTable(targets),
    ].join('\n'),
  );
  console.error(`\nTook ${((Date.now() - started.getTime()) / 1000).toFixed(0)} s.`);
} finally {
  for (const server of running.reverse()) await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
