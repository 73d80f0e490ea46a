/**
 * The pages compared in one Lighthouse run, each from a process of its own so none
 * shares an event loop with Lighthouse: the reference server on the built app, and the bare form
 * and the peer's page served statically the way our server sends its files (static-server.ts).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Running {
  origin: string;
  stop(): Promise<void>;
}

async function answers(url: string, within: number, exited: Promise<void>): Promise<void> {
  const until = Date.now() + within;
  let stopped = false;
  void exited.then(() => (stopped = true));
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (stopped) throw new Error(`The server for ${url} stopped while starting.`);
    if (Date.now() > until) throw new Error(`${url} did not answer within ${within / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs a TypeScript entry in a child process until stop(); ready once health answers. */
export async function startProcess(entry: string, args: string[], env: NodeJS.ProcessEnv, health: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await answers(health, 60_000, exited);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    origin: new URL(health).origin,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The reference server as `npm start` runs it in production, on the embedded database in dataDir. */
export function startReferenceServer(port: number, dataDir: string): Promise<Running> {
  const origin = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  return startProcess('server/main.ts', [], env, `${origin}/api/health`);
}

/** A folder served as it is, index.html at /, its files precompressed beside them. */
export function serveStatic(port: number, dir: string): Promise<Running> {
  return startProcess('scripts/lighthouse/static-server.ts', [String(port), dir], {}, `http://127.0.0.1:${port}/health`);
}
