/**
 * An exclusive lock on a directory for as long as its holder runs: PGlite's files serve one process
 * at a time, and a second process writing them loses or corrupts what the first wrote.
 *
 * Node has no flock, so the lock is a Unix domain socket the holder listens on (a named pipe on
 * Windows). The kernel closes it when the holder dies, however it dies, and a live holder is told
 * from a dead one by connecting to it, never by a process id that a restarted container hands out
 * again. A socket path holds only about 104 bytes, so the socket is not in the directory but in the
 * temporary directory, named by a hash of the directory's real path. A socket file left by a dead
 * holder refuses connections: it is removed and listened on again. The holder answers a connection
 * with its process id, which the error names.
 *
 * What remains: two processes that both find the same stale file refusing, before either listens,
 * both remove it and listen, the later removing the earlier's new file, and both hold the directory.
 * That takes a holder that died without closing and two starts within a millisecond or so. And
 * processes that see different temporary directories (TMPDIR, systemd's PrivateTmp) do not see
 * each other's lock.
 */
import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class DirectoryInUse extends Error {
  constructor(directory: string, holderPid: number | undefined) {
    const holder = holderPid === undefined ? '' : `pid ${holderPid}, `;
    super(
      `The embedded database in ${directory} is in use by another process (${holder}a running server?): stop it first, or set DATABASE_URL to use PostgreSQL.`,
    );
  }
}

export interface DirectoryLock {
  release(): Promise<void>;
}

/** A holder that accepts the connection but does not answer (its thread busy) still holds the lock. */
const ANSWER_TIMEOUT_MS = 1000;

/** Each attempt after the first follows a stale socket removed, which a process that started at the same time may have taken. */
const ATTEMPTS = 3;

/** Where the lock of an existing directory lives: the same for every path that leads to the directory. */
export function lockAddress(directory: string): string {
  const hash = createHash('sha256').update(realpathSync.native(directory)).digest('hex').slice(0, 16);
  return process.platform === 'win32' ? `\\\\?\\pipe\\frontdoor-${hash}` : join(tmpdir(), `frontdoor-${hash}.sock`);
}

function listen(server: Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The holder listening at address, with its process id when it tells it; undefined when nothing listens there. */
function holderAt(address: string): Promise<{ pid: number | undefined } | undefined> {
  return new Promise((resolve, reject) => {
    let connected = false;
    let answer = '';
    const socket = createConnection(address);
    socket.setEncoding('utf8');
    socket.setTimeout(ANSWER_TIMEOUT_MS, () => socket.destroy());
    socket.once('connect', () => {
      connected = true;
    });
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) return;
      // Refused: a socket file whose holder died; missing: the holder closed it meanwhile.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    });
    socket.on('close', () => {
      const pid = Number(answer);
      if (connected) resolve({ pid: Number.isInteger(pid) && pid > 0 ? pid : undefined });
    });
  });
}

/** Takes the directory's lock, or throws DirectoryInUse while another process holds it. */
export async function lockDirectory(directory: string): Promise<DirectoryLock> {
  const address = lockAddress(directory);
  for (let attempt = 1; ; attempt += 1) {
    // A client that leaves before the answer is no concern of the holder's.
    const server = createServer((connection) => connection.on('error', () => undefined).end(String(process.pid)));
    try {
      await listen(server, address);
      // Failing to accept one connection (out of file descriptors) must not bring the holder down.
      server.on('error', () => undefined);
      // The lock never keeps alive a process that has nothing else to do.
      server.unref();
      return { release: () => new Promise((resolve) => server.close(() => resolve())) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === ATTEMPTS) throw error;
    }
    const holder = await holderAt(address);
    if (holder) throw new DirectoryInUse(directory, holder.pid);
    rmSync(address, { force: true });
  }
}
