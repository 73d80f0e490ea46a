import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { PROCESS_TIMEOUT_MS, freePort, testProcesses } from '../testing/processes';

const { emptyDirectory, environment, start, serving, cleanUp } = testProcesses();

interface OutboxEntry {
  to: string;
  subject: string;
}

/** The mails the server's development outbox shows, once one reaches `email` or the time is up. */
async function outboxOnceMailed(port: number, email: string): Promise<OutboxEntry[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mails = (await (await fetch(`http://127.0.0.1:${port}/dev/mail.json`)).json()) as OutboxEntry[];
    if (mails.some((mail) => mail.to === email) || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a mail the server acknowledged', () => {
  afterAll(cleanUp);

  it('is sent after a restart when the server was killed right after answering', { timeout: 2 * PROCESS_TIMEOUT_MS }, async () => {
    const dataDir = await emptyDirectory();
    const port = await freePort();
    const env = await environment(dataDir, port, { DEV_PAGES: 'on' });
    const boot = async () => {
      const server = start('server/main.ts', [], env, 'inherit');
      await serving(port, server);
      return server;
    };
    const kill = async (server: ChildProcess) => {
      const exited = once(server, 'exit');
      server.kill('SIGKILL');
      await exited;
    };

    let server = await boot();
    const email = 'durable@example.com';
    const answer = await fetch(`http://127.0.0.1:${port}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, language: 'en' }),
    });
    // Killed as soon as the answer arrives, before the queue's worker has run (server/background.ts).
    await kill(server);
    expect(answer.status).toBe(202);

    const db = await openDatabase({ dataDir: `${dataDir}/pglite` });
    const queued = await db.query<{ kind: string; sent_at: Date | null }>('SELECT kind, sent_at FROM mail_queue');
    await db.close();
    expect(queued).toEqual([{ kind: 'signup-link', sent_at: null }]);

    server = await boot();
    const mails = await outboxOnceMailed(port, email);
    expect(mails.filter((mail) => mail.to === email).map((mail) => mail.subject)).toEqual(['Confirm your e-mail address']);
    await kill(server);
  });
});
