/**
 * Sending one mail through the SMTP server of SMTP_URL. Mail reaches it through the queue
 * (server/mail/mail-queue.ts), which keeps a mail until it has left; without SMTP_URL the queue
 * keeps sent mails for the development outbox instead.
 */
import nodemailer from 'nodemailer';
import type { OutboxMail } from '../db/mail-queue';

export type MailMessage = Omit<OutboxMail, 'sentAt'>;

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * Bounds on each exchange with the SMTP server, well inside a queue claim's lease (MAIL_LEASE_SECONDS,
 * server/mail/mail-queue.ts), so a hung server fails the attempt instead of letting another
 * instance send the mail again.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function smtpMailer(smtpUrl: string, mailFrom: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      // The queue sends only to one address (server/mail/mail-queue.ts). The recipient is an address object, never header text to parse, and the envelope names it
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
