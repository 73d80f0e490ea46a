/**
 * Throttling of failed passwords and codes, per e-mail and per client address (docs/security.md, "Throttling").
 *
 * Per e-mail, known or not (so a 429 reveals no account), failures are counted apart for each
 * address the e-mail signed in from in the last 90 days, and together for every other address: so
 * strangers' failures cannot delay or lock out the owner at an address they know (a reputation of
 * addresses, as Keycloak and authentik keep one of devices). On each count the first 5 consecutive
 * failures are free; after that each attempt waits 2^(failures-5) seconds (at most 15 minutes) after
 * the last one; at 100 consecutive failures only a password reset opens it again. Per address: 30
 * failures in 15 minutes.
 *
 * An attempt is claimed as a failure before the password is checked, so parallel requests cannot
 * outrun the count. A right password that still needs its code is not a failure: the claim is given
 * back; a success forgives the count and remembers the address.
 */
import type { Queryable } from '../db/database-types';
import type { AuditEntry } from '../db/audit';
import { FAILURE_COUNT_PREFIX, deleteCounters, failuresOf, uncountHit } from '../db/rate-counters';
import { claimAttempt, claimPasswordAttempt, settleSuccessfulAttempt, type AttemptClaim, type ClaimedAttempt } from '../db/login-attempts';
import type { OrganizationRow } from '../db/organizations';
import type { UserRow } from '../db/users';
import { LIMITS, clientKey, limitKey } from './rate-limit';
import { TooManyRequests } from './errors';

export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
export const LOCK_AFTER_FAILURES = 100;
/** How long an address the e-mail signed in from stays known. */
export const KNOWN_ADDRESS_DAYS = 90;

/** Failures of an e-mail from addresses it never signed in from. */
export const accountKey = (email: string) => `${FAILURE_COUNT_PREFIX}${email.toLowerCase()}`;
/** Failures of an e-mail from one address it signed in from (e-mails hold no spaces, flows 5). */
export const knownAddressKey = (email: string, address: string) => `${accountKey(email)} ${address}`;

const DELAYS = { lockAfter: LOCK_AFTER_FAILURES, free: FREE_FAILURES, maxDelaySeconds: MAX_DELAY_SECONDS };

export function accountDelaySeconds(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

export interface LoginAttempt {
  /** The password was right and a code is still to come: the attempt is not counted. */
  notAFailure(): Promise<void>;
  /**
   * The sign-in succeeded: its count is forgiven and the address remembered for the e-mail, with
   * `audited` written to the audit log in the same statement when given.
   */
  succeeded(audited?: Omit<AuditEntry, 'clientAddress'>): Promise<void>;
}

function attemptClaim(clientAddress: string, email: string): AttemptClaim {
  const address = clientKey(clientAddress);
  const { max, windowSeconds } = LIMITS.loginFailuresPerAddress;
  return {
    counterKey: limitKey(LIMITS.loginFailuresPerAddress, address),
    windowSeconds,
    maxPerAddress: max,
    email,
    address,
    knownDays: KNOWN_ADDRESS_DAYS,
    accountKey: accountKey(email),
    knownAddressKey: knownAddressKey(email, address),
    delays: DELAYS,
  };
}

/** The attempt as claimed; refused (thrown) when the address or the e-mail must wait. */
async function claimed(db: Queryable, clientAddress: string, claim: AttemptClaim, outcome: ClaimedAttempt): Promise<LoginAttempt> {
  const { counterKey, email, address } = claim;
  if (outcome.count > claim.maxPerAddress) throw new TooManyRequests(Math.max(1, Math.ceil(outcome.remaining)));

  const key = outcome.known ? claim.knownAddressKey : claim.accountKey;
  if (!outcome.claimed) {
    await uncountHit(db, counterKey);
    const failures = await failuresOf(db, key);
    if (!failures || failures.count >= LOCK_AFTER_FAILURES) {
      throw new TooManyRequests(MAX_DELAY_SECONDS, 'Too many failed sign-ins. Reset your password to sign in again.');
    }
    throw new TooManyRequests(Math.max(1, Math.ceil(accountDelaySeconds(failures.count) - failures.since)));
  }

  return {
    async notAFailure() {
      await uncountHit(db, key);
      await uncountHit(db, counterKey);
    },
    async succeeded(audited) {
      await settleSuccessfulAttempt(db, { failureKey: key, counterKey, email, address }, audited && { ...audited, clientAddress });
    },
  };
}

/** Counts the attempt as a failure until it is given back; refuses it when the e-mail or address must wait. */
export async function claimLoginAttempt(db: Queryable, clientAddress: string, email: string): Promise<LoginAttempt> {
  const claim = attemptClaim(clientAddress, email);
  return claimed(db, clientAddress, claim, await claimAttempt(db, claim));
}

/**
 * The attempt of a password's step, claimed as claimLoginAttempt does, with the user of the e-mail,
 * if any, and their organisations, read in the same statement.
 */
export async function claimPasswordLoginAttempt(
  db: Queryable,
  clientAddress: string,
  email: string,
): Promise<{ attempt: LoginAttempt; user: UserRow | undefined; organizations: OrganizationRow[] }> {
  const claim = attemptClaim(clientAddress, email);
  const { claimed: outcome, user, organizations } = await claimPasswordAttempt(db, claim);
  return { attempt: await claimed(db, clientAddress, claim, outcome), user, organizations };
}

/** A new password (reset, invitation, change) ends every failure count and lock of its e-mail. */
export function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  return deleteCounters(db, accountKey(email), `${accountKey(email)} `);
}
