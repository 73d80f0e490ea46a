/**
 * `npm run lighthouse`: Lighthouse on the built app's /login, /register and
 * /reset-password beside a bare static sign-in form (the floor) and a peer's sign-in page built
 * from its npm package (Supabase Auth UI), in one run, three runs each, taken in turns so a busy
 * moment of the machine falls on every page alike; then the delay of the first key press after
 * load. Prints Markdown tables for docs/figures.md. Not part of `npm test`: too slow and too
 * noisy on a shared machine for a pass or fail.
 *
 * Environment: LIGHTHOUSE_PORT, the first of three ports (default 8490); LIGHTHOUSE_DIR, where the
 * peer is built and the reports are kept (default a new temporary folder); LIGHTHOUSE_RUNS (3).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { audit, type Diagnosis, type Figures } from './audit';
import { compressDirectory } from '../../server/web/compress';
import { buildPeer } from './peer/build';
import { keyPressRound, type Press } from './keypress';
import { startReferenceServer, serveStatic, type Running } from './servers';
import { figuresTable, keyPressTable, loginTargets, longTaskNotes, medians, runsLine, targetsTable } from './report';
import { loadAverage, machine } from './machine';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 8490);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const dir = process.env.LIGHTHOUSE_DIR ?? mkdtempSync(join(tmpdir(), 'frontdoor-lighthouse-'));

if (!existsSync(join(root, 'dist', 'pages', 'pages.json'))) throw new Error('No build in dist/: run npm run build first.');
mkdirSync(dir, { recursive: true });
const loadBefore = loadAverage();
const started = new Date();

const running: Running[] = [];
try {
  console.error(`Building the peer's page into ${join(dir, 'peer')} …`);
  await buildPeer(join(dir, 'peer'));
  // The bare form is sent compressed like every other page, from a copy beside the peer's.
  cpSync(join(root, 'scripts', 'lighthouse', 'bare'), join(dir, 'bare'), { recursive: true });
  compressDirectory(join(dir, 'bare'));
  const app = await startReferenceServer(port, join(dir, 'data'));
  running.push(app);
  const bare = await serveStatic(port + 1, join(dir, 'bare'));
  running.push(bare);
  const peer = await serveStatic(port + 2, join(dir, 'peer'));
  running.push(peer);

  // Each page with the figures and diagnoses of its runs.
  const pages = [
    { name: 'bare form', slug: 'bare', url: `${bare.origin}/` },
    { name: '/login', slug: 'login', url: `${app.origin}/login` },
    { name: '/register', slug: 'register', url: `${app.origin}/register` },
    { name: '/reset-password', slug: 'reset-password', url: `${app.origin}/reset-password` },
    { name: 'Supabase Auth UI', slug: 'peer', url: `${peer.origin}/` },
  ].map((page) => ({ ...page, results: [] as Figures[], diagnoses: [] as Diagnosis[] }));
  for (let run = 1; run <= runs; run += 1) {
    for (const page of pages) {
      console.error(`Lighthouse run ${run} of ${runs}: ${page.name}`);
      const profile = join(dir, 'profile');
      const { figures, diagnosis } = await audit(page.url, join(dir, 'reports', `${page.slug}-${run}.json`), profile);
      page.results.push(figures);
      page.diagnoses.push(diagnosis);
      rmSync(profile, { recursive: true, force: true });
    }
  }

  const rounds: Press[][] = [];
  for (let round = 1; round <= runs; round += 1) {
    console.error(`Key presses after load, round ${round} of ${runs}`);
    rounds.push(await keyPressRound(`${app.origin}/login`));
  }

  const summary = pages.map((page) => ({ name: page.name, figures: medians(page.results) }));
  const floor = summary[0]!.figures;
  const login = summary[1]!.figures;
  const host = machine();
  const keyPresses = keyPressTable(rounds);
  console.log(
    [
      `### Lighthouse (\`npm run lighthouse\`)`,
      '',
      `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC; ${host.cores} cores (${host.cpu}), ${host.chromium}, Node ${host.node}; ` +
        `load average ${loadBefore} before, ${loadAverage()} after. Lighthouse ${lighthouseVersion()} on its defaults: mobile, simulated slow 4G, 4x CPU. ` +
        `Medians of ${runs} runs, each with its ratio to the bare form.`,
      '',
      figuresTable(summary, floor),
      '',
      targetsTable(loginTargets(login)),
      '',
      `First key press after load on /login (Chromium, CPU 4x slower, no network throttling; the input delay of its events, Event Timing API):`,
      '',
      keyPresses.table,
      '',
      longTaskNotes(rounds),
      '',
      'Each run:',
      '',
      ...pages.map((page) => `- ${runsLine(page.name, page.results)}`),
      '',
      'Behind the figures of the app, each run: the LCP element (/login), the first paint of the unthrottled load Lighthouse observed and the scripts that had arrived before it (Lantern counts those as needed for FCP and LCP), and the long tasks as Lighthouse simulates them ([script, start ms, duration ms]):',
      '',
      ...pages
        .slice(1, 4)
        .flatMap((page) => page.diagnoses.map((diagnosis, index) => `- ${page.name} run ${index + 1}: ${diagnosisLine(diagnosis, page.slug === 'login')}`)),
      '',
      `Reports: ${join(dir, 'reports')}`,
    ].join('\n'),
  );
} finally {
  for (const server of running.reverse()) await server.stop();
  rmSync(join(dir, 'data'), { recursive: true, force: true });
}

function diagnosisLine(diagnosis: Diagnosis, element: boolean): string {
  const scripts = diagnosis.scriptsBeforePaint;
  return (
    (element ? `LCP element ${diagnosis.lcpElement}; ` : '') +
    `observed first paint at ${Math.round(diagnosis.observedFcp)} ms, ${scripts.count} scripts (${(scripts.bytes / 1024).toFixed(1)} KB) arrived before it; ` +
    `long tasks ${JSON.stringify(diagnosis.longTasks)}`
  );
}

function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version;
}
