/**
 * The mail queue (server/mail/mail-queue.ts): how many mails wait and how long the longest due one
 * has been due, read from the database at each scrape, and the attempts that failed and wait for
 * another try.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Queryable } from '../db/database-types';
import { mailBacklog, type MailBacklog } from '../db/mail-queue';

/** One reading for the gauges of one scrape: the second asks while the first one's is under way. */
function sharedReading(read: () => Promise<MailBacklog>): () => Promise<MailBacklog> {
  let pending: Promise<MailBacklog> | undefined;
  return () =>
    (pending ??= read().finally(() => {
      pending = undefined;
    }));
}

/** Answers the count of a retry. */
export function mailQueueMetrics(registry: Registry, db: Queryable): () => void {
  // A database out of reach reads as unknown (NaN), and the rest of the scrape still answers.
  const backlog = sharedReading(() => mailBacklog(db).catch(() => ({ waiting: Number.NaN, oldestDueSeconds: Number.NaN })));
  new Gauge({
    name: 'frontdoor_mail_queue_depth',
    help: 'Mails waiting to leave: neither sent nor given up.',
    registers: [registry],
    async collect() {
      this.set((await backlog()).waiting);
    },
  });
  new Gauge({
    name: 'frontdoor_mail_queue_oldest_due_age_seconds',
    help: 'How long the mail due the longest has been due; 0 when none is.',
    registers: [registry],
    async collect() {
      this.set((await backlog()).oldestDueSeconds);
    },
  });
  const retries = new Counter({
    name: 'frontdoor_mail_retries_total',
    help: 'Mail attempts that failed and were put off for a later try.',
    registers: [registry],
  });
  return () => retries.inc();
}
