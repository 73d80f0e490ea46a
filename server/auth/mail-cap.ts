/**
 * The cap on mails to one mailbox (server/auth/rate-limit.ts), counted once per queued mail, on its
 * first attempt that gets that far: retries after an SMTP failure do not use it up.
 */
import type { Services } from '../services';
import { markRecipientCounted, type ClaimedMail } from '../db/mail-queue';
import { mailboxKey } from '../mail/mailbox';
import { hit, type Limit } from './rate-limit';

export type RecipientCap = { allowed: true } | { allowed: false; retryAfter: number };

export async function countRecipient(services: Pick<Services, 'db'>, mail: ClaimedMail, recipient: string, limit: Limit): Promise<RecipientCap> {
  if (mail.recipientCounted) return { allowed: true };
  const { allowed, retryAfter } = await hit(services.db, limit, mailboxKey(recipient));
  if (!allowed) return { allowed, retryAfter };
  await markRecipientCounted(services.db, mail);
  return { allowed };
}
