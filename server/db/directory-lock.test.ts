import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DirectoryInUse, lockAddress, lockDirectory, type DirectoryLock } from './directory-lock';

const moduleUrl = new URL('./directory-lock.ts', import.meta.url).href;

const directories: string[] = [];
const locks: DirectoryLock[] = [];
const holders: ChildProcess[] = [];

afterEach(async () => {
  await Promise.all(locks.splice(0).map((lock) => lock.release()));
  await Promise.all(holders.splice(0).map(killed));
  for (const directory of directories.splice(0)) {
    // A killed holder leaves its socket file behind.
    await rm(lockAddress(directory), { force: true });
    await rm(directory, { recursive: true, force: true });
  }
});

async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

async function directory(): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), 'frontdoor-lock-'));
  directories.push(made);
  return made;
}

async function lock(path: string): Promise<DirectoryLock> {
  const taken = await lockDirectory(path);
  locks.push(taken);
  return taken;
}

/** Another process that takes the lock of path and holds it until it is killed. */
async function holderProcess(path: string): Promise<ChildProcess> {
  const code = `const { lockDirectory } = await import(${JSON.stringify(moduleUrl)});
await lockDirectory(${JSON.stringify(path)});
console.log('locked');
setInterval(() => undefined, 60_000);`;
  const holder = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  holders.push(holder);
  const [line] = (await once(holder.stdout!, 'data')) as [Buffer];
  expect(line.toString().trim()).toBe('locked');
  return holder;
}

describe('the lock of a directory', () => {
  it('refuses a second lock of the directory while the first is held, and gives it after release', async () => {
    const path = await directory();
    const first = await lock(path);
    await expect(lockDirectory(path)).rejects.toThrow(DirectoryInUse);
    await first.release();
    await lock(path);
  });

  it('is the same lock through another path to the directory', async () => {
    const path = await directory();
    const link = join(await directory(), 'link');
    await symlink(path, link);
    await lock(path);
    await expect(lockDirectory(`${link}/`)).rejects.toThrow(DirectoryInUse);
  });

  it('does not block another directory', async () => {
    await lock(await directory());
    await lock(await directory());
  });

  it('names the process that holds it, in one line', async () => {
    const path = await directory();
    const holder = await holderProcess(path);
    const refusal = await lockDirectory(path).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DirectoryInUse);
    expect((refusal as Error).message).toBe(
      `The embedded database in ${path} is in use by another process (pid ${holder.pid}, a running server?): stop it first, or set DATABASE_URL to use PostgreSQL.`,
    );
  });

  it('is free again when its holder is killed with SIGKILL, whose socket file stays behind', { timeout: 60_000 }, async () => {
    const path = await directory();
    await killed(await holderProcess(path));
    if (process.platform !== 'win32') expect(existsSync(lockAddress(path))).toBe(true);
    await lock(path);
    await expect(lockDirectory(path)).rejects.toThrow(DirectoryInUse);
  });
});
