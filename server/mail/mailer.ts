/**
 * Sending e-mail: registration, reset and invitation links (flows 4 and 7) reach people by
 * mail. With SMTP_URL the mail goes to that server; without it, to the embedded outbox (table
 * mail_outbox), which development and tests read through readOutbox and /dev/mail.
 */
import nodemailer from 'nodemailer';
import type { Database, Queryable } from '../db/database';
import { insertOutboxMail, latestOutboxMails, type OutboxMail } from '../db/outbox';
import { isEmail } from '../../rules/email';

export type { OutboxMail } from '../db/outbox';

export type MailMessage = Omit<OutboxMail, 'sentAt'>;

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  /** smtp://… or smtps://… (nodemailer's connection URL); without it, the embedded outbox. */
  smtpUrl?: string | undefined;
  /** The From header, such as "Frontdoor <no-reply@example.com>". */
  mailFrom: string;
  db: Database;
}

export function createMailer(options: MailerOptions): Mailer {
  const mailer = options.smtpUrl ? smtpMailer(options.smtpUrl, options.mailFrom) : outboxMailer(options.db);
  return {
    async send(message) {
      // Each mail goes to the one address the API validated (rules/email.ts); anything else (a list,
      // a display name) is refused here rather than read as several recipients.
      if (!isEmail(message.to)) throw new Error('A mail goes to one e-mail address.');
      await mailer.send(message);
    },
    close: () => mailer.close(),
  };
}

function smtpMailer(smtpUrl: string, mailFrom: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      // The recipient is an address object, never header text to parse, and the envelope names it
      // alone: RCPT TO is that one address whatever the headers say.
      const recipient = { name: '', address: message.to };
      await transport.sendMail({
        from: mailFrom,
        to: recipient,
        envelope: { from: mailFrom, to: [recipient] },
        subject: message.subject,
        text: message.text,
        html: message.html,
        // The links travel in the bodies; the list is only for the outbox.
      });
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer(db: Queryable): Mailer {
  return {
    async send(message) {
      await insertOutboxMail(db, message);
    },
    // The database belongs to the caller, which closes it.
    async close() {},
  };
}

/** The newest `limit` mails of the embedded outbox, newest first. */
export function readOutbox(db: Queryable, limit = 50): Promise<OutboxMail[]> {
  return latestOutboxMails(db, limit);
}
