import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockAddress } from './directory-lock';
import { PROCESS_TIMEOUT_MS, freePort, testProcesses } from '../testing/processes';

const { emptyDirectory, environment, start, run, serving, cleanUp } = testProcesses();

/** The one line a process prints when the server holds the directory. */
const inUse = (dataDir: string, server: ChildProcess) =>
  `The embedded database in ${dataDir}/pglite is in use by another process (pid ${server.pid}, a running server?): stop it first, or set DATABASE_URL to use PostgreSQL.\n`;

describe('the embedded database of a running server', () => {
  let dataDir: string;
  let lockFile: string | undefined;
  let server: ChildProcess;

  beforeAll(async () => {
    dataDir = await emptyDirectory();
    await mkdir(join(dataDir, 'pglite'));
    lockFile = lockAddress(join(dataDir, 'pglite'));
    const port = await freePort();
    server = start('server/main.ts', [], await environment(dataDir, port), 'inherit');
    await serving(port, server);
  }, PROCESS_TIMEOUT_MS);

  afterAll(async () => {
    await cleanUp();
    // A killed server leaves its lock's socket file behind.
    if (lockFile) await rm(lockFile, { force: true });
  });

  it('is refused to the admin command, which says so in one line and exits 1', { timeout: PROCESS_TIMEOUT_MS }, async () => {
    const admin = await run('scripts/admin.ts', ['set-mfa-policy', '--context', 'acme', '--policy', 'REQUIRED'], await environment(dataDir, 0));
    expect(admin).toEqual({ code: 1, stderr: inUse(dataDir, server) });
  });

  it('is refused to a second server, which says so in one line and exits 1', { timeout: PROCESS_TIMEOUT_MS }, async () => {
    const second = await run('server/main.ts', [], await environment(dataDir, await freePort()));
    expect(second).toEqual({ code: 1, stderr: inUse(dataDir, server) });
  });

  it('is open to the admin command once the server has stopped', { timeout: PROCESS_TIMEOUT_MS }, async () => {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
    const admin = await run('scripts/admin.ts', ['create-organization', '--context', 'acme', '--name', 'Acme'], await environment(dataDir, 0));
    expect(admin).toEqual({ code: 0, stderr: '' });
  });
});
