/**
 * Alerts past their cap (server/auth/account-alerts.ts) are not dropped and do not wait one by one:
 * the first of them gathers every alert of its person waiting to leave into the person's one digest,
 * which leaves when the cap allows ("3 times, the latest: someone signed in from Firefox on
 * Linux"). However many events come, one row waits per person, holding a count and the latest of
 * each kind of event, and its "This wasn't me" answers for all of them.
 */
import type { Services } from '../services';
import { gatherQueuedAlerts, heldAlertDigest, saveAlertDigest, settleMail, type ClaimedMail, type QueuedAlert } from '../db/mail-queue';
import type { Composed } from '../mail/mail-queue';
import type { AlertEvent, AlertFacts } from '../mail/alert-templates';

/** How soon an alert that came while its digest was being sent tries again: the sending is over by then. */
const WHILE_SENDING_SECONDS = 30;
/** Alerts one statement gathers: a backlog larger than this takes a few turns. */
const GATHERED_AT_ONCE = 1000;

type Latest = Omit<AlertFacts, 'event'>;

export interface AlertDigest {
  userId: string;
  /** When the first of its events happened, as an ISO 8601 string. */
  since: string;
  count: number;
  events: Partial<Record<AlertEvent, { count: number; latest: Latest }>>;
}

/** What a queued alert (server/auth/account-alerts.ts, `Alert`) says happened: the time of the change is when it was queued. */
export function alertFacts(alert: QueuedAlert): AlertFacts {
  const { event, recoveryCodesLeft, device } = alert.params as { event: AlertEvent; recoveryCodesLeft?: number; device?: AlertFacts['device'] };
  return { event, happenedAt: alert.createdAt.toISOString(), recoveryCodesLeft, device };
}

/** The digest with the events added, oldest first: counted, and each kind's latest kept. */
function withEvents(digest: AlertDigest, events: AlertFacts[]): AlertDigest {
  const next: AlertDigest = { ...digest, count: digest.count + events.length, events: { ...digest.events } };
  for (const { event, ...latest } of events) {
    if (latest.happenedAt < next.since) next.since = latest.happenedAt;
    next.events[event] = { count: (next.events[event]?.count ?? 0) + 1, latest };
  }
  return next;
}

/**
 * Adds the claimed alert past its cap, and every other alert of its person waiting to leave, to the
 * person's digest, due when the cap allows; all in one transaction, the claimed alert settled in it.
 * Later, while the digest is being sent.
 */
export async function gatherIntoDigest(services: Pick<Services, 'db'>, mail: ClaimedMail, userId: string, dueInSeconds: number): Promise<Composed> {
  return services.db.transaction(async (tx): Promise<Composed> => {
    const held = await heldAlertDigest(tx, userId);
    if (held?.sending) return { kind: 'later', seconds: WHILE_SENDING_SECONDS };
    const gathered = await gatherQueuedAlerts(tx, userId, GATHERED_AT_ONCE);
    const events = [{ params: mail.params, createdAt: mail.createdAt }, ...gathered].map(alertFacts);
    const empty: AlertDigest = { userId, since: events[0]?.happenedAt ?? new Date().toISOString(), count: 0, events: {} };
    await saveAlertDigest(tx, { id: held?.id, params: withEvents((held?.params as AlertDigest | undefined) ?? empty, events), dueInSeconds });
    await settleMail(tx, mail);
    return { kind: 'nothing' };
  });
}

/**
 * The alert its "This wasn't me" link stands for: the digest's first event, so the answer looks at
 * everything since then; renewed recovery codes where the digest holds any, whose codes it removes.
 */
export function digestLinkEvent(digest: AlertDigest): AlertEvent {
  const kinds = Object.keys(digest.events) as AlertEvent[];
  return kinds.includes('recovery-codes-renewed') ? 'recovery-codes-renewed' : (kinds[0] ?? 'new-device');
}

/** The digest's events as its mail lists them. */
export const digestEvents = (digest: AlertDigest) =>
  Object.entries(digest.events).map(([event, { count, latest }]) => ({ count, facts: { ...latest, event: event as AlertEvent } }));
