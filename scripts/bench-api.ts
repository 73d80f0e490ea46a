/**
 * API benchmark (`npm run bench:api`): password sign-ins as people feel them. The reference server
 * runs in a process of its own pinned to one core, this load generator pinned to another (taskset),
 * so neither takes the other's time. The load is open-loop: requests leave at a fixed rate and each
 * latency counts from the scheduled send time. A server on the embedded database and one on
 * PostgreSQL run side by side, loaded in turns:
 * - after a warm-up of WARM_UP_SIGN_INS sign-ins a server (V8 compiles PGlite's WebAssembly and
 *   the server's JavaScript over its first two thousand or so: measured before that, a run weighs
 *   the compiler's threads, not a sign-in), three runs of: the ceiling, argon2id verifications a
 *   second on the server's core (the hash is most of a sign-in); the saturation rate (sign-ins a
 *   second the server completes when offered more than the ceiling), with the CPU time the
 *   server's process and its main thread spent a sign-in meanwhile; then p50 and p99 latency at
 *   80 % of that rate. The ceiling is taken in every run, so a machine shared with other work
 *   weighs on both figures of a run alike;
 * - the load average before and after.
 * Prints a Markdown table for docs/figures.md with the date and the machine.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openLoop } from './bench-api/open-loop';
import { postJson } from './bench-api/http-client';
import { cpuTime } from './bench-api/cpu-time';
import {
  PASSWORD,
  USERS,
  address,
  deviceCookie,
  email,
  pgliteTarget,
  postgresTarget,
  startServer,
  type RunningServer,
  type Target,
} from './bench-api/server-under-test';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVER_CORE = 0;
const LOAD_CORE = 1;
const RUNS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
/** Offered during the saturation runs, as a multiple of the ceiling: enough to keep the server busy. */
const OVERLOAD = 1.3;
/** Sign-ins a server does before it is measured, at 80 % of the ceiling. */
const WARM_UP_SIGN_INS = Number(process.env.BENCH_WARM_UP || 3000);

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

interface Run {
  ceiling: number;
  saturation: number;
  failed: number;
  p50: number;
  p99: number;
  /** CPU milliseconds of the server's process, and of its main thread, per sign-in at saturation. */
  cpu?: { process: number; main: number };
}

async function measure(target: Target, server: RunningServer, run: number): Promise<Run> {
  const signIn = async (index: number) => {
    const user = index % USERS;
    return (
      (await postJson(`${server.base}/login`, { email: email(user), password: PASSWORD }, { 'x-forwarded-for': address(user), cookie: deviceCookie(user) })) ===
      200
    );
  };
  const ceiling = hashCeiling();
  if (run === 0) await openLoop(ceiling * 0.8, WARM_UP_SIGN_INS, signIn);
  // As many sign-ins as the ceiling allows in the time, sent faster than that.
  const cpuBefore = cpuTime(server.process.pid);
  const saturation = await openLoop(ceiling * OVERLOAD, Math.round(ceiling * SECONDS), signIn);
  const cpuAfter = cpuTime(server.process.pid);
  const signIns = saturation.sent - saturation.failed;
  const cpu = cpuBefore && cpuAfter && { process: (cpuAfter.process - cpuBefore.process) / signIns, main: (cpuAfter.main - cpuBefore.main) / signIns };
  const steadyRate = saturation.throughput * 0.8;
  const steady = await openLoop(steadyRate, Math.round(steadyRate * SECONDS), signIn);
  const failed = saturation.failed + steady.failed;
  console.log(
    `${target.name} run ${run + 1}: ceiling ${ceiling.toFixed(1)}/s; saturation ${saturation.throughput.toFixed(1)}/s (${((saturation.throughput / ceiling) * 100).toFixed(0)} %)${cpu ? `, CPU ${cpu.process.toFixed(2)} ms a sign-in (main thread ${cpu.main.toFixed(2)} ms)` : ''}; at ${steadyRate.toFixed(1)}/s p50 ${steady.p50.toFixed(1)} ms, p99 ${steady.p99.toFixed(1)} ms; ${failed} failed`,
  );
  return { ceiling, saturation: saturation.throughput, failed, p50: steady.p50, p99: steady.p99, ...(cpu ? { cpu } : {}) };
}

const targets = [pgliteTarget(), await postgresTarget(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test')].filter(
  (target): target is Target => target !== undefined,
);
// Both servers run side by side, one loaded at a time, their runs taken in turns: a machine shared
// with other work weighs on both databases alike.
const benched = targets.map((target) => ({ target, runs: [] as Run[] }));
const servers: RunningServer[] = [];
const loadBefore = load();
try {
  for (const target of targets) servers.push(await startServer(target, pinned ? SERVER_CORE : undefined, root));
  for (let run = 0; run < RUNS; run += 1) {
    for (const [index, { target, runs }] of benched.entries()) {
      const server = servers[index];
      if (server) runs.push(await measure(target, server, run));
    }
  }
} finally {
  for (const server of servers) await server.stop();
  for (const target of targets) await target.cleanUp();
}
const loadAfter = load();

const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cores} cores${pinned ? `, server on core ${SERVER_CORE}, load on core ${LOAD_CORE}` : ''}`;
console.log(`\nPassword sign-ins, ${new Date().toISOString().slice(0, 10)}, ${machine}; ${RUNS} runs of ${SECONDS} s each, taken in turns (medians):\n`);
console.log(
  '| database | argon2id ceiling, 1 core | sign-ins/s at saturation, 1 core | of the ceiling | CPU of the server a sign-in (main thread) | p50 at 80 % | p99 at 80 % | failed | load average (1, 5, 15 min) before → after |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { target, runs } of benched) {
  const cpu = runs.flatMap((run) => (run.cpu ? [run.cpu] : []));
  const cpuColumn =
    cpu.length === runs.length ? `${median(cpu.map((used) => used.process)).toFixed(2)} ms (${median(cpu.map((used) => used.main)).toFixed(2)} ms)` : 'n/a';
  const failed = runs.reduce((sum, run) => sum + run.failed, 0);
  console.log(
    `| ${target.name} | ${median(runs.map((run) => run.ceiling)).toFixed(1)}/s | ${median(runs.map((run) => run.saturation)).toFixed(1)}/s | ${(median(runs.map((run) => run.saturation / run.ceiling)) * 100).toFixed(0)} % | ${cpuColumn} | ${median(runs.map((run) => run.p50)).toFixed(1)} ms | ${median(runs.map((run) => run.p99)).toFixed(1)} ms | ${failed} | ${loadBefore} → ${loadAfter} |`,
  );
}
