/**
 * The mail_outbox table: mail kept instead of sent while no SMTP server is configured, which
 * development and tests read (/dev/mail).
 */
import type { Queryable } from './database';

/** A mail as the outbox keeps it. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action links the mail contains, kept beside it so the outbox can show and follow them. */
  links: string[];
  /** When it was stored, as an ISO 8601 string. */
  sentAt: string;
}

export async function insertOutboxMail(db: Queryable, mail: Omit<OutboxMail, 'sentAt'>): Promise<void> {
  // links as JSON text: the pg driver would otherwise turn a JS array into a PostgreSQL array.
  await db.query(`INSERT INTO mail_outbox (recipient, subject, text_body, html_body, links) VALUES ($1, $2, $3, $4, $5::jsonb)`, [
    mail.to,
    mail.subject,
    mail.text,
    mail.html,
    JSON.stringify(mail.links),
  ]);
}

interface OutboxRow {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: unknown;
  sent_at: Date | string;
}

/** The newest `limit` mails, newest first. */
export async function latestOutboxMails(db: Queryable, limit: number): Promise<OutboxMail[]> {
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

export async function deleteOutboxMailOlderThan(db: Queryable, days: number): Promise<void> {
  await db.query(`DELETE FROM mail_outbox WHERE sent_at < now() - make_interval(days => $1)`, [days]);
}
