/**
 * Servers and admin commands in processes of their own, as operators run them, for the tests of
 * what happens between processes (a held data directory, a killed server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Starting a process that opens PGlite takes seconds, more on a busy machine. */
export const PROCESS_TIMEOUT_MS = 120_000;

export interface Finished {
  code: number | null;
  stderr: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Processes and directories of one test file, cleaned up by `cleanUp` whatever the tests did. */
export function testProcesses() {
  const started: ChildProcess[] = [];
  const directories: string[] = [];

  async function emptyDirectory(): Promise<string> {
    const made = await mkdtemp(join(tmpdir(), 'frontdoor-process-'));
    directories.push(made);
    return made;
  }

  /** The environment of `npm start` and `npm run admin` on the embedded database in dataDir, the API alone. */
  async function environment(dataDir: string, port: number, extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: await emptyDirectory(),
      LOG_LEVEL: 'warn',
      // No demo data: the tests make what they need.
      DEV_PAGES: 'off',
      ...extra,
    };
    delete env.DATABASE_URL;
    return env;
  }

  /**
   * A TypeScript entry point of the project in a process of its own (tsx loaded into it, so signals
   * reach it), its standard error kept or shown with the test's; its standard output (the server's
   * log) dropped unless kept.
   */
  function start(script: string, args: string[], env: NodeJS.ProcessEnv, stderr: 'pipe' | 'inherit', stdout: 'pipe' | 'ignore' = 'ignore'): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env, stdio: ['ignore', stdout, stderr] });
    started.push(child);
    return child;
  }

  async function run(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
    const child = start(script, args, env, 'pipe');
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, stderr };
  }

  /** Waits until the server on the port answers its health check; fails once it has exited. */
  async function serving(port: number, server: ChildProcess): Promise<void> {
    const deadline = Date.now() + PROCESS_TIMEOUT_MS;
    while (Date.now() < deadline && server.exitCode === null) {
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`The server on port ${port} did not start (exit code ${server.exitCode}).`);
  }

  /** Kills what still runs and removes the directories. */
  async function cleanUp(): Promise<void> {
    await Promise.all(
      started
        .filter((child) => child.exitCode === null && child.signalCode === null)
        .map((child) => {
          const exited = once(child, 'exit');
          child.kill('SIGKILL');
          return exited;
        }),
    );
    await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
  }

  return { emptyDirectory, environment, start, run, serving, cleanUp };
}
