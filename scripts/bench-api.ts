/**
 * API benchmark (`npm run bench:api`): password sign-ins as people feel them. The reference server
 * runs in a process of its own pinned to one core, this load generator pinned to another (taskset),
 * so neither takes the other's time. The load is open-loop: requests leave at a fixed rate and each
 * latency counts from the scheduled send time. On the embedded database and on PostgreSQL:
 * - after a warm-up, three runs of: the ceiling, argon2id verifications a second on the server's core
 *   (the hash is most of a sign-in); the saturation rate (sign-ins a second the server completes when
 *   offered more than the ceiling); then p50 and p99 latency at 80 % of that rate. The ceiling is
 *   taken in every run, so a machine shared with other work weighs on both figures of a run alike;
 * - the load average before and after.
 * Prints a Markdown table for README ("Figures") with the date and the machine.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openLoop } from './bench-api/open-loop';
import { postJson } from './bench-api/http-client';
import { PASSWORD, USERS, address, email, pgliteTarget, postgresTarget, startServer, type Target } from './bench-api/server-under-test';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVER_CORE = 0;
const LOAD_CORE = 1;
const RUNS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
/** Offered during the saturation runs, as a multiple of the ceiling: enough to keep the server busy. */
const OVERLOAD = 1.3;

const cores = availableParallelism();
const pinned = cores >= 2;
if (pinned) execFileSync('taskset', ['-a', '-p', '-c', String(LOAD_CORE), String(process.pid)], { stdio: 'ignore' });
else console.log('One core only: server and load share it, so the figures understate the server.');

/** The upper median; none of no values. */
const median = (values: number[]) => [...values].sort((a, b) => a - b).at(Math.floor(values.length / 2)) ?? Number.NaN;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function hashCeiling(): number {
  const command = [process.execPath, '--import', 'tsx', 'scripts/bench-api/hash-rate.ts', '3'];
  const output = pinned
    ? execFileSync('taskset', ['-c', String(SERVER_CORE), ...command], { cwd: root, encoding: 'utf8' })
    : execFileSync(command[0]!, command.slice(1), { cwd: root, encoding: 'utf8' });
  return Number(output.trim());
}

async function measure(target: Target) {
  const server = await startServer(target, pinned ? SERVER_CORE : undefined, root);
  const signIn = async (index: number) => {
    const user = index % USERS;
    return (await postJson(`${server.base}/login`, { email: email(user), password: PASSWORD }, { 'x-forwarded-for': address(user) })) === 200;
  };
  try {
    const loadBefore = load();
    const warmUpRate = hashCeiling() / 2;
    await openLoop(warmUpRate, Math.round(warmUpRate * 3), signIn);
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const ceiling = hashCeiling();
      // As many sign-ins as the ceiling allows in the time, sent faster than that.
      const saturation = await openLoop(ceiling * OVERLOAD, Math.round(ceiling * SECONDS), signIn);
      const steadyRate = saturation.throughput * 0.8;
      const steady = await openLoop(steadyRate, Math.round(steadyRate * SECONDS), signIn);
      runs.push({ ceiling, saturation: saturation.throughput, failed: saturation.failed + steady.failed, steadyRate, p50: steady.p50, p99: steady.p99 });
      console.log(
        `${target.name} run ${run + 1}: ceiling ${ceiling.toFixed(1)}/s; saturation ${saturation.throughput.toFixed(1)}/s; at ${steadyRate.toFixed(1)}/s p50 ${steady.p50.toFixed(1)} ms, p99 ${steady.p99.toFixed(1)} ms; ${saturation.failed + steady.failed} failed`,
      );
    }
    return {
      name: target.name,
      ceiling: median(runs.map((run) => run.ceiling)),
      saturation: median(runs.map((run) => run.saturation)),
      ratio: median(runs.map((run) => run.saturation / run.ceiling)),
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
      failed: runs.reduce((sum, run) => sum + run.failed, 0),
      load: `${loadBefore} → ${load()}`,
    };
  } finally {
    await server.stop();
    await target.cleanUp();
  }
}

const targets = [pgliteTarget(), await postgresTarget(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test')].filter(
  (target): target is Target => target !== undefined,
);
const results = [];
for (const target of targets) results.push(await measure(target));

const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cores} cores${pinned ? `, server on core ${SERVER_CORE}, load on core ${LOAD_CORE}` : ''}`;
console.log(`\nPassword sign-ins, ${new Date().toISOString().slice(0, 10)}, ${machine}; ${RUNS} runs of ${SECONDS} s (medians):\n`);
console.log(
  '| database | argon2id ceiling, 1 core | sign-ins/s at saturation, 1 core | of the ceiling | p50 at 80 % | p99 at 80 % | failed | load average (1, 5, 15 min) before → after |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const result of results) {
  console.log(
    `| ${result.name} | ${result.ceiling.toFixed(1)}/s | ${result.saturation.toFixed(1)}/s | ${(result.ratio * 100).toFixed(0)} % | ${result.p50.toFixed(1)} ms | ${result.p99.toFixed(1)} ms | ${result.failed} | ${result.load} |`,
  );
}
