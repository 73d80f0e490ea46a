import { afterEach, describe, expect, it } from 'vitest';
import { createMailQueue, readOutbox, retryDelaySeconds, type Compose, type MailQueue } from './mail-queue';
import { smtpMailer, type MailMessage } from './mailer';
import { createBackground } from '../background';
import { claimDueMail } from '../db/mail-queue';
import { testDatabases, useTestDatabases } from '../testing/databases';
import type { Database } from '../db/database-types';
import { startSmtpServer } from '../testing/smtp';
import { REFUSED_ADDRESSES } from '../testing/email-addresses';

const silent = { error: () => undefined, warn: () => undefined };

/** The queue's intents here are finished messages, or what to answer instead (the front door's are in server/auth/mail-intents.ts). */
const composeAsGiven: Compose = async (mail) => {
  const params = mail.params as { message?: MailMessage; later?: number };
  if (params.later !== undefined) return { kind: 'later', seconds: params.later };
  return params.message ? { kind: 'send', message: params.message } : { kind: 'nothing' };
};

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    to: 'ada@example.com',
    subject: 'Confirm your e-mail address',
    text: 'Choose a password:\nhttps://auth.example.com/signup?token=abc\n',
    html: '<p><a href="https://auth.example.com/signup?token=abc">Choose a password</a></p>',
    links: ['https://auth.example.com/signup?token=abc'],
    ...overrides,
  };
}

interface QueueRow {
  attempts: number;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
  due_in: number;
}

const rowsOf = (db: Database) =>
  db.query<QueueRow>(
    'SELECT attempts, sent_at, failed_at, last_error, extract(epoch FROM next_attempt_at - now())::float8 AS due_in FROM mail_queue ORDER BY id',
  );

describe.each(testDatabases)('the mail queue on $name', (target) => {
  const open = useTestDatabases(target);
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  });

  function queueOn(db: Database, smtpUrl?: string): MailQueue {
    const smtp = smtpUrl ? smtpMailer(smtpUrl, 'Frontdoor <no-reply@example.com>') : undefined;
    const queue = createMailQueue({ db, smtp, compose: composeAsGiven, background: createBackground(silent), log: silent });
    cleanups.push(() => queue.stop());
    return queue;
  }

  async function smtpServer() {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    return smtp;
  }

  it('keeps sent mails in the outbox without an SMTP server, newest first, with their links', async () => {
    const { db } = await open();
    const queue = queueOn(db);
    await queue.enqueue(db, { kind: 'test', params: { message: message({ subject: 'first', links: ['https://auth.example.com/signup?token=1'] }) } });
    await queue.enqueue(db, {
      kind: 'test',
      params: { message: message({ to: 'grace@example.com', subject: 'second', links: ['https://auth.example.com/a', 'https://auth.example.com/b'] }) },
    });
    await queue.drain();

    const mails = await readOutbox(db);
    expect(mails.map((mail) => mail.subject)).toEqual(['second', 'first']);
    expect(mails[0]).toMatchObject({
      to: 'grace@example.com',
      text: message().text,
      html: message().html,
      links: ['https://auth.example.com/a', 'https://auth.example.com/b'],
    });
    expect(new Date(mails[0]!.sentAt).toISOString()).toBe(mails[0]!.sentAt);
    expect((await readOutbox(db, 1)).map((mail) => mail.subject)).toEqual(['second']);
  });

  it('settles a mail that turns out to be nothing, and keeps no copy of it', async () => {
    const { db } = await open();
    const queue = queueOn(db);
    await queue.enqueue(db, { kind: 'test', params: {} });
    await queue.drain();
    expect(await readOutbox(db)).toEqual([]);
    expect((await rowsOf(db))[0]).toMatchObject({ attempts: 1, failed_at: null, sent_at: expect.any(Date) });
  });

  it('waits with a mail whose recipient is over the cap, without counting it as a failed attempt', async () => {
    const { db } = await open();
    const queue = queueOn(db);
    await queue.enqueue(db, { kind: 'test', params: { later: 600 } });
    await queue.drain();
    const [row] = await rowsOf(db);
    expect(row).toMatchObject({ attempts: 0, sent_at: null, failed_at: null, last_error: null });
    expect(row!.due_in).toBeGreaterThan(590);
  });

  it('sends through the SMTP server, keeping no copy, and tries a refused mail again later until it leaves', async () => {
    const { db } = await open();
    const smtp = await smtpServer();
    const queue = queueOn(db, smtp.url);
    smtp.control.refusing = true;
    await queue.enqueue(db, { kind: 'test', params: { message: message() } });
    await queue.drain();

    let [row] = await rowsOf(db);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, last_error: expect.stringContaining('Try again later') });
    expect(row!.due_in).toBeGreaterThan(retryDelaySeconds(1) - 2);
    // Not due yet: a drain leaves it alone.
    smtp.control.refusing = false;
    await queue.drain();
    expect(smtp.received).toEqual([]);

    await db.query('UPDATE mail_queue SET next_attempt_at = now()');
    await queue.drain();
    expect(smtp.received).toHaveLength(1);
    [row] = await rowsOf(db);
    expect(row).toMatchObject({ attempts: 2, sent_at: expect.any(Date), last_error: null });
    expect(await readOutbox(db)).toEqual([]);
  });

  it('waits longer after each failure, up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelaySeconds)).toEqual([5, 15, 45, 135, 405, 1215, 3600, 3600]);
  });

  it('gives a mail up once it has failed for a day', async () => {
    const { db } = await open();
    const smtp = await smtpServer();
    const queue = queueOn(db, smtp.url);
    smtp.control.refusing = true;
    await queue.enqueue(db, { kind: 'test', params: { message: message() } });
    await db.query("UPDATE mail_queue SET created_at = now() - interval '25 hours'");
    await queue.drain();
    expect((await rowsOf(db))[0]).toMatchObject({ sent_at: null, failed_at: expect.any(Date) });
  });

  it('sends nothing to an address a mailer could split into recipients, with or without an SMTP server, and gives it up at once', async () => {
    const { db } = await open();
    const smtp = await smtpServer();
    // A NUL cannot even be queued: JSON in PostgreSQL holds no NUL character.
    const addresses = REFUSED_ADDRESSES.filter(([, to]) => !to.includes('\u0000'));
    for (const queue of [queueOn(db, smtp.url), queueOn(db)]) {
      for (const [, to] of addresses) await queue.enqueue(db, { kind: 'test', params: { message: message({ to }) } });
      await queue.drain();
    }
    expect(smtp.received).toEqual([]);
    expect(await readOutbox(db)).toEqual([]);
    const rows = await rowsOf(db);
    expect(rows).toHaveLength(2 * addresses.length);
    for (const row of rows)
      expect(row).toMatchObject({ sent_at: null, failed_at: expect.any(Date), attempts: 1, last_error: 'A mail goes to one e-mail address.' });
  });

  it('takes again a mail whose worker stopped after claiming it, once the claim has ended', async () => {
    const { db } = await open();
    const queue = queueOn(db);
    await queue.enqueue(db, { kind: 'test', params: { message: message() } });
    // A worker that claims the mail and dies before sending it.
    expect(await claimDueMail(db, 60)).toBeDefined();
    await queue.drain();
    expect(await readOutbox(db)).toEqual([]);

    await db.query("UPDATE mail_queue SET locked_until = now() - interval '1 second'");
    await queue.drain();
    expect(await readOutbox(db)).toHaveLength(1);
  });

  it('sends each mail once when two instances drain one queue at the same time', async () => {
    const { db, schema } = await open();
    // On PostgreSQL a second instance has connections of its own; PGlite serves one process.
    const other = target.name === 'PostgreSQL' ? (await open(schema, false)).db : db;
    const smtp = await smtpServer();
    const first = queueOn(db, smtp.url);
    const second = queueOn(other, smtp.url);
    const subjects = Array.from({ length: 30 }, (_, index) => `mail ${index}`);
    for (const subject of subjects) await first.enqueue(db, { kind: 'test', params: { message: message({ subject }) } });

    await Promise.all([first.drain(), second.drain(), first.drain(), second.drain()]);

    const received = smtp.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]).sort();
    expect(received).toEqual([...subjects].sort());
  });

  it('finishes the mail under way when stopped, and claims no other: the rest waits for the next worker', async () => {
    const { db } = await open();
    const composing: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const compose: Compose = async (mail) => {
      composing.push(mail.id);
      await held;
      return composeAsGiven(mail);
    };
    const queue = createMailQueue({ db, compose, background: createBackground(silent), log: silent });
    for (const subject of ['first', 'second']) await queue.enqueue(db, { kind: 'test', params: { message: message({ subject }) } });
    const draining = queue.drain();
    while (composing.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const stopping = queue.stop();
    release();
    await Promise.all([draining, stopping]);

    expect((await readOutbox(db)).map((mail) => mail.subject)).toEqual(['first']);
    expect(composing).toHaveLength(1);
    expect((await rowsOf(db))[1]).toMatchObject({ attempts: 0, sent_at: null, failed_at: null });
  });
});
