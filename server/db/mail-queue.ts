/**
 * The mail_queue table: mail to send, written in the transaction of the change that causes it, and
 * claimed by the instances' workers (server/mail/mail-queue.ts). A claim is a lease: the row is
 * locked while claimed (FOR UPDATE SKIP LOCKED, so two instances never take one row) and stays
 * theirs until `locked_until`, after which a worker whose instance died is replaced by another.
 * Without an SMTP server, a sent mail keeps its content: that is the development outbox.
 */
import type { Queryable } from './database';

/** What a queued mail is about: its kind and what composing it needs (server/auth/mail-intents.ts). */
export interface QueuedIntent {
  kind: string;
  params: object;
}

export interface ClaimedMail {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  /** Attempts so far, this one included. */
  attempts: number;
  createdAt: Date;
}

/** A mail as the outbox keeps it. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action links the mail contains, kept beside it so the outbox can show and follow them. */
  links: string[];
  /** When it was sent, as an ISO 8601 string. */
  sentAt: string;
}

export async function enqueueMail(db: Queryable, intent: QueuedIntent): Promise<void> {
  await db.query('INSERT INTO mail_queue (kind, params) VALUES ($1, $2::jsonb)', [intent.kind, JSON.stringify(intent.params)]);
}

/** Claims up to `limit` due mails, oldest first, for `leaseSeconds`; each claim counts as an attempt. */
export async function claimDueMails(db: Queryable, { limit, leaseSeconds }: { limit: number; leaseSeconds: number }): Promise<ClaimedMail[]> {
  const rows = await db.query<{ id: string; kind: string; params: Record<string, unknown>; attempts: number; created_at: Date | string }>(
    `UPDATE mail_queue SET locked_until = now() + make_interval(secs => $2), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM mail_queue
       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
       ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, params, attempts, created_at`,
    [limit, leaseSeconds],
  );
  return rows
    .map((row) => ({ id: String(row.id), kind: row.kind, params: row.params, attempts: row.attempts, createdAt: new Date(row.created_at) }))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/** The mail left; `copy` is its content, kept only where the outbox stands in for an SMTP server. */
export async function markMailSent(db: Queryable, id: string, recipient: string, copy?: Omit<OutboxMail, 'to' | 'sentAt'>): Promise<void> {
  // links as JSON text: the pg driver would otherwise turn a JS array into a PostgreSQL array.
  await db.query(
    `UPDATE mail_queue SET sent_at = now(), locked_until = NULL, last_error = NULL,
       recipient = $2, subject = $3, text_body = $4, html_body = $5, links = $6::jsonb WHERE id = $1`,
    [id, recipient, copy?.subject ?? null, copy?.text ?? null, copy?.html ?? null, copy ? JSON.stringify(copy.links) : null],
  );
}

/** Nothing was to be sent after all (a known address asking to register): done, without a mail. */
export async function settleMail(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE mail_queue SET sent_at = now(), locked_until = NULL WHERE id = $1', [id]);
}

/** Tries again in `seconds`; `error` says why, when it failed. A deferral that is no failure gives its attempt back. */
export async function deferMail(db: Queryable, id: string, seconds: number, error?: string): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET next_attempt_at = now() + make_interval(secs => $2), locked_until = NULL,
       last_error = $3, attempts = attempts - CASE WHEN $3::text IS NULL THEN 1 ELSE 0 END WHERE id = $1`,
    [id, seconds, error ?? null],
  );
}

export async function markMailFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db.query('UPDATE mail_queue SET failed_at = now(), locked_until = NULL, last_error = $2 WHERE id = $1', [id, error]);
}

interface OutboxRow {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: unknown;
  sent_at: Date | string;
}

/** The newest `limit` mails the outbox kept, newest first. */
export async function latestOutboxMails(db: Queryable, limit: number): Promise<OutboxMail[]> {
  // id breaks ties between mails sent within the same clock tick.
  const rows = await db.query<OutboxRow>(
    `SELECT recipient, subject, text_body, html_body, links, sent_at FROM mail_queue
     WHERE sent_at IS NOT NULL AND subject IS NOT NULL ORDER BY sent_at DESC, id DESC LIMIT $1`,
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

/** Mails sent or given up more than `days` ago. */
export async function deleteMailOlderThan(db: Queryable, days: number): Promise<void> {
  await db.query('DELETE FROM mail_queue WHERE coalesce(sent_at, failed_at) < now() - make_interval(days => $1)', [days]);
}
