/**
 * The worker that sends queued mail (server/db/mail-queue.ts): a mail is written to the queue in
 * the transaction of the change that causes it, so an answer the server gave never loses its mail,
 * and sent after commit. Each instance drains the queue shortly after it queued something
 * (server/background.ts) and looks for due mail every few seconds, which also picks up what a
 * crashed instance left. A mail that fails is tried again later, ever more slowly, for a day.
 * Delivery is at least once: an instance that dies between the SMTP server's acceptance and marking
 * the mail sent leaves it to be sent again when its claim ends. The same queue posts the logout
 * tokens of back-channel logout to apps (server/auth/backchannel-logout.ts).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database-types';
import {
  claimDueMail,
  deferMail,
  enqueueMail,
  latestOutboxMails,
  markMailFailed,
  markMailSent,
  settleMail,
  type ClaimedMail,
  type OutboxMail,
  type QueuedIntent,
} from '../db/mail-queue';
import type { Background } from '../background';
import type { Mailer, MailMessage } from './mailer';
import { isEmail } from '../../rules/email';
import { isLoopback } from '../../rules/loopback';

export type { OutboxMail } from '../db/mail-queue';

/** What a queued mail turns out to be when its time comes. */
export type Composed =
  | { kind: 'send'; message: MailMessage }
  /** Nothing to send after all (a known address asking to register). */
  | { kind: 'nothing' }
  /** Not yet: the recipient's mail cap is reached (server/auth/rate-limit.ts). */
  | { kind: 'later'; seconds: number }
  /** A form posted to an app instead of a mail (a back-channel logout, server/auth/backchannel-logout.ts): 200 or 204 is delivered. */
  | { kind: 'post'; to: string; form: Record<string, string> }
  /** Never to be sent, for the reason given: no attempt would change it. */
  | { kind: 'refused'; reason: string };

export type Compose = (mail: ClaimedMail) => Promise<Composed>;

/**
 * How long a claimed mail stays with its worker before another may take it: well past the SMTP
 * bounds of one mail (server/mail/mailer.ts), and a worker claims one mail at a time.
 */
export const MAIL_LEASE_SECONDS = 120;
/** How often each instance looks for due mail it was not told about. */
export const MAIL_POLL_MS = 5_000;
/** A mail that has not left after this long is given up (its links would have expired). */
const GIVE_UP_SECONDS = 24 * 3600;
/** Why a mail to an address the e-mail rule refuses is given up at once: no attempt would change it. */
const NOT_ONE_ADDRESS = 'A mail goes to one e-mail address.';

/** How long an app may take to answer a posted form. */
const POST_TIMEOUT_MS = 10_000;

/**
 * `localhost` and every name under it are this machine (RFC 6761 section 6.3), as browsers take
 * them (rules/loopback.ts); the system's resolver may know only `localhost` itself.
 */
const lookupLocalhostNames: LookupFunction = (hostname, options, callback) => {
  if (!isLoopback(hostname)) return lookup(hostname, options, callback);
  if (options.all) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  return callback(null, '127.0.0.1', 4);
};

/** Posts a form; anything but 200 or 204 is a failure, tried again later. Redirects are not followed. */
function post({ to, form }: { to: string; form: Record<string, string> }): Promise<void> {
  const url = new URL(to);
  const body = new URLSearchParams(form).toString();
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
        lookup: lookupLocalhostNames,
        timeout: POST_TIMEOUT_MS,
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => (answer.statusCode === 200 || answer.statusCode === 204 ? resolve() : reject(new Error(`${to} answered ${answer.statusCode}`))));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${to} did not answer in ${POST_TIMEOUT_MS / 1000} s`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** 5 s, 15 s, 45 s, … up to an hour between attempts. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 5 * 3 ** Math.max(0, attempts - 1));

export interface MailQueue {
  /** Queues a mail in the caller's transaction (or at once, given the database). */
  enqueue(db: Queryable, intent: QueuedIntent): Promise<void>;
  /** Sends what is due shortly, after the current answer has left. */
  kick(): void;
  /** Sends every mail due now; resolves when none is left. */
  drain(): Promise<void>;
  /** Looks for due mail every MAIL_POLL_MS until stopped. */
  start(): void;
  /**
   * Stops looking and claims no mail any more: the mail being sent is finished, the others stay
   * queued for the next start or another instance. Then closes the connection to the SMTP server.
   */
  stop(): Promise<void>;
}

export interface MailQueueOptions {
  db: Database;
  /** The SMTP server; without one, sent mail is kept for the development outbox. */
  smtp?: Mailer | undefined;
  compose: Compose;
  background: Background;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Hears of each attempt that failed and is tried again later (the metrics' count of retries). */
  retried?: () => void;
}

export function createMailQueue({ db, smtp, compose, background, log, retried }: MailQueueOptions): MailQueue {
  let poller: NodeJS.Timeout | undefined;
  let stopped = false;

  async function deliver(message: MailMessage): Promise<Omit<OutboxMail, 'to' | 'sentAt'> | undefined> {
    if (smtp) return void (await smtp.send(message));
    const { subject, text, html, links } = message;
    return { subject, text, html, links };
  }

  async function attempt(mail: ClaimedMail): Promise<void> {
    try {
      const composed = await compose(mail);
      if (composed.kind === 'nothing') return await settleMail(db, mail);
      if (composed.kind === 'later') return await deferMail(db, mail, composed.seconds);
      if (composed.kind === 'refused') return await markMailFailed(db, mail, composed.reason);
      if (composed.kind === 'post') {
        await post(composed);
        return await markMailSent(db, mail, composed.to);
      }
      // Each mail goes to the one address it names (rules/email.ts); anything else (a list, a display
      // name) is refused rather than read as several recipients.
      if (!isEmail(composed.message.to)) return await markMailFailed(db, mail, NOT_ONE_ADDRESS);
      await markMailSent(db, mail, composed.message.to, await deliver(composed.message));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (Date.now() - mail.createdAt.getTime() > GIVE_UP_SECONDS * 1000) {
        log.error({ err: error, mail: mail.id, kind: mail.kind }, 'a mail could not be sent for a day: given up');
        await markMailFailed(db, mail, reason);
      } else {
        log.warn({ err: error, mail: mail.id, kind: mail.kind, attempts: mail.attempts }, 'a mail could not be sent: tried again later');
        await deferMail(db, mail, retryDelaySeconds(mail.attempts), reason);
        retried?.();
      }
    }
  }

  async function drain(): Promise<void> {
    while (!stopped) {
      const mail = await claimDueMail(db, MAIL_LEASE_SECONDS);
      if (!mail) return;
      await attempt(mail);
      // A turn for requests between mails: a backlog coming due at once (alerts deferred to the end
      // of their cap's window) is sent over many turns of the event loop, not in one.
      await nextTurn();
    }
  }

  /** One drain waits in the background at a time: a drain sends everything due when it runs. */
  let waiting = false;
  const drainInBackground = () => {
    if (waiting) return;
    waiting = true;
    background.run('mail', () => {
      waiting = false;
      return drain();
    });
  };

  return {
    enqueue: enqueueMail,
    kick: drainInBackground,
    drain,
    start() {
      poller ??= setInterval(drainInBackground, MAIL_POLL_MS).unref();
    },
    async stop() {
      stopped = true;
      clearInterval(poller);
      poller = undefined;
      await background.idle();
      await smtp?.close();
    },
  };
}

/** A queue that only queues: the server's queue sends what it holds (an admin command's, server/create-services.ts). */
export function queueOnly(): MailQueue {
  return { enqueue: enqueueMail, kick() {}, drain: async () => {}, start() {}, stop: async () => {} };
}

/** The newest `limit` mails of the development outbox, newest first. */
export function readOutbox(db: Queryable, limit = 50): Promise<OutboxMail[]> {
  return latestOutboxMails(db, limit);
}
