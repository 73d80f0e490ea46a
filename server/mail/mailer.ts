/**
 * Sending e-mail: registration, reset and invitation links (spec sections 4 and 7) reach people by
 * mail. With SMTP_URL the mail goes to that server; without it, to the embedded outbox (table
 * mail_outbox), which development and tests read through readOutbox and /dev/mail.
 */
import nodemailer from 'nodemailer';
import type { Database, Queryable } from '../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action links the mail contains, kept beside it so the outbox can show and follow them. */
  links: string[];
}

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

/** A mail as the outbox keeps it. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** When it was stored, as an ISO 8601 string. */
  sentAt: string;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.mailFrom) : outboxMailer(options.db);
}

function smtpMailer(smtpUrl: string, mailFrom: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      // The links travel in the bodies; the list is only for the outbox.
      await transport.sendMail({ from: mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer(db: Queryable): Mailer {
  return {
    async send(message) {
      // links as JSON text: the pg driver would otherwise turn a JS array into a PostgreSQL array.
      await db.query(
        `INSERT INTO mail_outbox (recipient, subject, text_body, html_body, links) VALUES ($1, $2, $3, $4, $5::jsonb)`,
        [message.to, message.subject, message.text, message.html, JSON.stringify(message.links)],
      );
    },
    // The database belongs to the caller, which closes it.
    async close() {},
  };
}

interface OutboxRow {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: unknown;
  sent_at: Date | string;
}

/** The newest `limit` mails of the embedded outbox, newest first. */
export async function readOutbox(db: Queryable, limit = 50): Promise<OutboxMail[]> {
  // id breaks ties between mails stored within the same clock tick.
  const rows = await db.query<OutboxRow>(
    `SELECT recipient, subject, text_body, html_body, links, sent_at FROM mail_outbox ORDER BY sent_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    links: Array.isArray(row.links) ? row.links.map(String) : [],
    sentAt: new Date(row.sent_at).toISOString(),
  }));
}
