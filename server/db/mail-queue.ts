/**
 * The mail_queue table: mail to send, written in the transaction of the change that causes it, and
 * claimed by the instances' workers (server/mail/mail-queue.ts). A claim is a lease: the row is
 * locked while claimed (FOR UPDATE SKIP LOCKED, so two instances never take one row) and stays
 * theirs until `locked_until`, after which a worker whose instance died is replaced by another.
 * Without an SMTP server, a sent mail keeps its content: that is the development outbox.
 */
import type { Queryable } from './database-types';
import { deleteInBatches } from './batched-delete';

/** What a queued mail is about: its kind and what composing it needs (server/auth/mail-intents.ts). */
export interface QueuedIntent {
  kind: string;
  params: object;
}

export interface ClaimedMail {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  /** Names this claim: a mail whose claim ran out and was taken by another worker is not this one's to settle. */
  claim: string;
  /** Attempts so far, this one included. */
  attempts: number;
  createdAt: Date;
  /** The mail already counts against its recipient's cap (server/auth/rate-limit.ts): once per mail, not per attempt. */
  recipientCounted: boolean;
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

/** Claims the oldest due mail, if any, for `leaseSeconds`; the claim counts as an attempt. */
export async function claimDueMail(db: Queryable, leaseSeconds: number): Promise<ClaimedMail | undefined> {
  const rows = await db.query<{
    id: string;
    kind: string;
    params: Record<string, unknown>;
    claim: string;
    attempts: number;
    created_at: Date | string;
    recipient_counted: boolean;
  }>(
    `UPDATE mail_queue SET locked_until = now() + make_interval(secs => $1), attempts = attempts + 1, claim = gen_random_uuid()
     WHERE id = (
       SELECT id FROM mail_queue
       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
       ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, params, claim, attempts, created_at, recipient_counted`,
    [leaseSeconds],
  );
  const [row] = rows;
  return (
    row && {
      id: String(row.id),
      kind: row.kind,
      params: row.params,
      claim: row.claim,
      attempts: row.attempts,
      createdAt: new Date(row.created_at),
      recipientCounted: row.recipient_counted,
    }
  );
}

/** The mail now counts against its recipient's cap, whatever its later attempts do. */
export async function markRecipientCounted(db: Queryable, mail: Pick<ClaimedMail, 'id'>): Promise<void> {
  await db.query('UPDATE mail_queue SET recipient_counted = true WHERE id = $1', [mail.id]);
}

/** The mail left; `copy` is its content, kept only where the outbox stands in for an SMTP server. */
export async function markMailSent(
  db: Queryable,
  mail: Pick<ClaimedMail, 'id' | 'claim'>,
  recipient: string,
  copy?: Omit<OutboxMail, 'to' | 'sentAt'>,
): Promise<void> {
  // links as JSON text: the pg driver would otherwise turn a JS array into a PostgreSQL array.
  await db.query(
    `UPDATE mail_queue SET sent_at = now(), locked_until = NULL, last_error = NULL,
       recipient = $3, subject = $4, text_body = $5, html_body = $6, links = $7::jsonb WHERE id = $1 AND claim = $2`,
    [mail.id, mail.claim, recipient, copy?.subject ?? null, copy?.text ?? null, copy?.html ?? null, copy ? JSON.stringify(copy.links) : null],
  );
}

/** Nothing was to be sent after all (a known address asking to register): done, without a mail. */
export async function settleMail(db: Queryable, mail: Pick<ClaimedMail, 'id' | 'claim'>): Promise<void> {
  await db.query('UPDATE mail_queue SET sent_at = now(), locked_until = NULL WHERE id = $1 AND claim = $2', [mail.id, mail.claim]);
}

/** Tries again in `seconds`; `error` says why, when it failed. A deferral that is no failure gives its attempt back. */
export async function deferMail(db: Queryable, mail: Pick<ClaimedMail, 'id' | 'claim'>, seconds: number, error?: string): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET next_attempt_at = now() + make_interval(secs => $3), locked_until = NULL,
       last_error = $4, attempts = attempts - CASE WHEN $4::text IS NULL THEN 1 ELSE 0 END WHERE id = $1 AND claim = $2`,
    [mail.id, mail.claim, seconds, error ?? null],
  );
}

export async function markMailFailed(db: Queryable, mail: Pick<ClaimedMail, 'id' | 'claim'>, error: string): Promise<void> {
  await db.query('UPDATE mail_queue SET failed_at = now(), locked_until = NULL, last_error = $3 WHERE id = $1 AND claim = $2', [mail.id, mail.claim, error]);
}

/**
 * Alerts of the user that have not left yet, their digest too, settled without a mail: "This
 * wasn't me" answered for them (server/auth/account-alerts.ts). Answers when the oldest of their
 * events happened, if any.
 */
export async function cancelQueuedAlerts(db: Queryable, userId: string): Promise<Date | undefined> {
  const rows = await db.query<{ at: Date | string }>(
    `UPDATE mail_queue SET sent_at = now(), locked_until = NULL, last_error = 'answered by This wasn''t me'
     WHERE params->>'userId' = $1 AND kind IN ('account-alert', 'account-alert-digest') AND sent_at IS NULL AND failed_at IS NULL
     RETURNING coalesce((params->>'since')::timestamptz, created_at) AS at`,
    [userId],
  );
  const times = rows.map((row) => new Date(row.at).getTime());
  return times.length ? new Date(Math.min(...times)) : undefined;
}

/** An alert mail waiting to leave, as its person's digest gathers it (server/auth/alert-digest.ts). */
export interface QueuedAlert {
  params: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Settles up to `limit` of the person's alerts waiting to leave, unclaimed, without a mail: their
 * digest tells of them. Answers them, oldest first.
 */
export async function gatherQueuedAlerts(db: Queryable, userId: string, limit: number): Promise<QueuedAlert[]> {
  const rows = await db.query<{ params: Record<string, unknown>; created_at: Date | string }>(
    `UPDATE mail_queue SET sent_at = now(), locked_until = NULL, last_error = 'gathered into a digest'
     WHERE id IN (
       SELECT id FROM mail_queue
       WHERE params->>'userId' = $1 AND kind = 'account-alert' AND sent_at IS NULL AND failed_at IS NULL
         AND (locked_until IS NULL OR locked_until < now())
       ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING params, created_at`,
    [userId, limit],
  );
  return rows.map((row) => ({ params: row.params, createdAt: new Date(row.created_at) })).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The person's digest waiting to leave, held for this transaction; `sending` while a worker has it claimed. */
export async function heldAlertDigest(db: Queryable, userId: string): Promise<{ id: string; params: Record<string, unknown>; sending: boolean } | undefined> {
  const [row] = await db.query<{ id: string; params: Record<string, unknown>; sending: boolean }>(
    `SELECT id, params, coalesce(locked_until > now(), false) AS sending FROM mail_queue
     WHERE params->>'userId' = $1 AND kind = 'account-alert-digest' AND sent_at IS NULL AND failed_at IS NULL FOR UPDATE`,
    [userId],
  );
  return row && { ...row, id: String(row.id) };
}

/** Writes the person's digest: the one held (`id`), or a new one due in `dueInSeconds`. */
export async function saveAlertDigest(db: Queryable, digest: { id: string | undefined; params: object; dueInSeconds: number }): Promise<void> {
  if (digest.id) await db.query('UPDATE mail_queue SET params = $2::jsonb WHERE id = $1', [digest.id, JSON.stringify(digest.params)]);
  else
    await db.query(`INSERT INTO mail_queue (kind, params, next_attempt_at) VALUES ('account-alert-digest', $1::jsonb, now() + make_interval(secs => $2))`, [
      JSON.stringify(digest.params),
      digest.dueInSeconds,
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
  await deleteInBatches(db, 'mail_queue', 'sent_at', 'sent_at < now() - make_interval(days => $1)', [days]);
  await deleteInBatches(db, 'mail_queue', 'failed_at', 'failed_at < now() - make_interval(days => $1)', [days]);
}

/** The mails waiting to leave, neither sent nor given up, and how long the longest due of them has been due. */
export interface MailBacklog {
  waiting: number;
  /** 0 when none is due. */
  oldestDueSeconds: number;
}

/** The backlog in one statement, which the partial index mail_queue_due serves (server/metrics/mail-queue.ts). */
export async function mailBacklog(db: Queryable): Promise<MailBacklog> {
  const [row] = await db.query<{ waiting: number; oldest_due_seconds: number }>(
    `SELECT count(*)::int AS waiting,
       coalesce(extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now())), 0)::float8 AS oldest_due_seconds
     FROM mail_queue WHERE sent_at IS NULL AND failed_at IS NULL`,
  );
  return { waiting: row?.waiting ?? 0, oldestDueSeconds: row?.oldest_due_seconds ?? 0 };
}
