import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer, readOutbox, type MailMessage } from './mailer';
import { resetMail } from './templates';
import { testDatabases } from '../testing/databases';
import type { Database } from '../db/database';
import { REFUSED_ADDRESSES } from '../testing/email-addresses';

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

describe.each(testDatabases)('the embedded outbox on $name', (target) => {
  const opened: { db: Database; schema: string | undefined }[] = [];
  async function open() {
    const handle = await target.open();
    opened.push(handle);
    return handle.db;
  }
  afterEach(async () => {
    for (const { db } of opened) await db.close();
    for (const { schema } of opened) await target.drop(schema);
    opened.length = 0;
  });

  it('keeps sent mails readable, newest first, with their links', async () => {
    const db = await open();
    const mailer = createMailer({ mailFrom: 'Frontdoor <no-reply@example.com>', db });
    await mailer.send(message({ subject: 'first', links: ['https://auth.example.com/signup?token=1'] }));
    await mailer.send(message({ to: 'grace@example.com', subject: 'second', links: ['https://auth.example.com/a', 'https://auth.example.com/b'] }));
    await mailer.close();

    const mails = await readOutbox(db);
    expect(mails.map((mail) => mail.subject)).toEqual(['second', 'first']);
    expect(mails[0]).toMatchObject({
      to: 'grace@example.com',
      text: message().text,
      html: message().html,
      links: ['https://auth.example.com/a', 'https://auth.example.com/b'],
    });
    expect(mails[1]!.links).toEqual(['https://auth.example.com/signup?token=1']);
    expect(new Date(mails[0]!.sentAt).toISOString()).toBe(mails[0]!.sentAt);
  });

  it('reads at most the asked number of mails', async () => {
    const db = await open();
    const mailer = createMailer({ mailFrom: 'no-reply@example.com', db });
    for (const subject of ['one', 'two', 'three']) await mailer.send(message({ subject }));
    expect((await readOutbox(db, 2)).map((mail) => mail.subject)).toEqual(['three', 'two']);
  });
});

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on an ephemeral local port that keeps what it receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Quoted-printable to text: =XX are bytes, "=" at a line end is a soft break (RFC 2045). */
function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '');
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header, unfolded, with RFC 2047 encoded words decoded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
  return value
    ?.replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The decoded body of the part with this content type (enough MIME for nodemailer's output). */
function mimePart(raw: string, contentType: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = parts.find((candidate) => new RegExp(`^Content-Type: ${contentType}`, 'im').test(candidate));
  if (!part) throw new Error(`No ${contentType} part in:\n${raw}`);
  const separator = part.indexOf('\r\n\r\n');
  const body = part.slice(separator + 4).replace(/\r\n$/, '');
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(part.slice(0, separator))?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

describe('sending through SMTP', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  });

  /** A mailer on a PGlite database sending to a local SMTP server, all closed after the test. */
  async function smtpMailer() {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const pglite = testDatabases.find((target) => target.name === 'PGlite');
    if (!pglite) throw new Error('The tests run on PGlite.');
    const { db } = await pglite.open();
    cleanups.push(() => db.close());
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Frontdoor <no-reply@example.com>', db });
    cleanups.push(() => mailer.close());
    return { smtp, db, mailer };
  }

  it('delivers the message to the SMTP server with its recipient, subject, text and html', async () => {
    const { smtp, db, mailer } = await smtpMailer();

    // A real French mail: non-ASCII and long lines, so headers and bodies travel encoded.
    const sent = { to: 'ada@example.com', ...resetMail('fr', 'https://auth.example.com/reset-password/update?token=xyz') };
    await mailer.send(sent);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('no-reply@example.com');
    expect(mail!.to).toEqual(['ada@example.com']);
    expect(header(mail!.raw, 'To')).toBe('ada@example.com');
    expect(header(mail!.raw, 'From')).toBe('Frontdoor <no-reply@example.com>');
    expect(header(mail!.raw, 'Subject')).toBe(sent.subject);
    // Line ends travel as CRLF (RFC 5322).
    expect(mimePart(mail!.raw, 'text/plain').replace(/\r\n/g, '\n')).toBe(sent.text);
    expect(mimePart(mail!.raw, 'text/html').replace(/\r\n/g, '\n')).toBe(sent.html);
    // The SMTP path does not touch the outbox.
    expect(await readOutbox(db)).toEqual([]);
  });

  it('names its one recipient in the envelope: RCPT TO is that address alone', async () => {
    const { smtp, mailer } = await smtpMailer();

    await mailer.send(message({ to: 'ada.lovelace+reset@example.com' }));
    await mailer.send(message({ to: 'jöhn@exämple.com' }));

    expect(smtp.received.map((mail) => mail.to)).toEqual([['ada.lovelace+reset@example.com'], ['jöhn@exämple.com']]);
    expect(smtp.received.map((mail) => mail.from)).toEqual(['no-reply@example.com', 'no-reply@example.com']);
  });

  it('sends nothing to an address a mailer could split into recipients: lists, brackets, quotes, comments, NUL', async () => {
    const { smtp, mailer } = await smtpMailer();

    for (const [trick, to] of REFUSED_ADDRESSES) await expect(mailer.send(message({ to })), trick).rejects.toThrow('one e-mail address');
    expect(smtp.received).toEqual([]);
  });
});
