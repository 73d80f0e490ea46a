/**
 * A front door of a story's own: the reference server as `npm start` runs it, on a port and data
 * directory of its own (demo data included), for stories whose operator changes the database with
 * the admin CLI, which works on a stopped server's database only.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { expect } from '@playwright/test';

/** A port free now, for a front door of the story's own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The reference server as `npm start` runs it, on its own port and data directory (demo data included). */
export async function startFrontDoor(port: number, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY_HOPS: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // What it says on stderr is what a story that could not start it shows.
  let said = '';
  server.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  // A new data directory is made and migrated first, which a busy machine takes its time over.
  const deadline = Date.now() + 60_000;
  while (!(await healthy(port))) {
    const stopped = server.exitCode !== null;
    if (stopped || Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`the front door ${stopped ? `stopped (exit ${server.exitCode})` : 'did not start in 60 s'}; its stderr:\n${said}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return server;
}

/**
 * Something that listens, started on a port free now. Another process may take a free port between
 * the probe and the listen (a browser's own server, another worker's front door): when `taken` says
 * the start failed for that, the next free port is tried, up to five.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, taken: (error: unknown) => boolean): Promise<{ started: T; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return { started: await start(port), port };
    } catch (error) {
      if (attempt === 5 || !taken(error)) throw error;
    }
  }
}

/** The reference server on a port nobody took. */
export async function startFrontDoorOnFreePort(dataDir: string): Promise<{ server: ChildProcess; port: number }> {
  const { started, port } = await onFreePort(
    (port) => startFrontDoor(port, dataDir),
    (error) => String(error).includes('EADDRINUSE'),
  );
  return { server: started, port };
}

function healthy(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
    (answer) => answer.ok,
    () => false,
  );
}

export async function stopFrontDoor(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
}

/** An operator's command (scripts/admin.ts) on the database of a stopped front door; `env` adds to its environment. */
export function admin(dataDir: string, command: readonly string[], env: NodeJS.ProcessEnv = {}): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...command], {
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
}
