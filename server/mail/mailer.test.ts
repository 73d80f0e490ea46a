import { afterEach, describe, expect, it } from 'vitest';
import { smtpMailer } from './mailer';
import { resetMail } from './templates';
import { header, mimePart, startSmtpServer } from '../testing/smtp';

describe('sending through SMTP', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  });

  async function mailerToSmtp() {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const mailer = smtpMailer(smtp.url, 'Frontdoor <no-reply@example.com>');
    cleanups.push(() => mailer.close());
    return { smtp, mailer };
  }

  it('delivers the message to the SMTP server with its recipient, subject, text and html', async () => {
    const { smtp, mailer } = await mailerToSmtp();

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
  });

  it('names its one recipient in the envelope: RCPT TO is that address alone', async () => {
    const { smtp, mailer } = await mailerToSmtp();
    const message = { subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', links: [] };

    await mailer.send({ ...message, to: 'ada.lovelace+reset@example.com' });
    await mailer.send({ ...message, to: 'jöhn@exämple.com' });

    expect(smtp.received.map((mail) => mail.to)).toEqual([['ada.lovelace+reset@example.com'], ['jöhn@exämple.com']]);
    expect(smtp.received.map((mail) => mail.from)).toEqual(['no-reply@example.com', 'no-reply@example.com']);
  });

  it('fails a mail the SMTP server refuses, for the queue to try again', async () => {
    const { smtp, mailer } = await mailerToSmtp();
    smtp.control.refusing = true;
    await expect(mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', links: [] })).rejects.toThrow();
    expect(smtp.received).toEqual([]);
  });
});
