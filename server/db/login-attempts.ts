/**
 * A sign-in attempt's bookkeeping in rate_counters and login_addresses (the addresses each e-mail
 * signed in from, keyed by the e-mail so known and unknown e-mails read the same), in as few
 * statements as a sign-in allows: one to count the attempt against its address, learn whether the
 * e-mail knows that address and claim a failure of the e-mail's count, reading the user and their
 * organisations beside on the password's step; one to settle a success, with its audit row.
 */
import type { Queryable } from './database-types';
import { deleteInBatches } from './batched-delete';
import { AUDIT_INSERT, auditValues, type AuditEntry } from './audit';
import { ORGANIZATIONS_OF_USER_AS_JSON } from './memberships';
import { COUNT_HIT } from './rate-counters';
import type { OrganizationRow } from './organizations';
import type { UserRow } from './users';

export interface ClaimedAttempt {
  /** Attempts counted against the address in its window, this one included. */
  count: number;
  /** Seconds left in the address's window. */
  remaining: number;
  /** Did the e-mail sign in from this address within the days asked about? */
  known: boolean;
  /**
   * Was a failure counted for the e-mail (its key for this address when known, else its own)? Not
   * when the address is over `maxPerAddress`, nor when the e-mail's count is locked or must wait.
   */
  claimed: boolean;
}

export interface AttemptClaim {
  counterKey: string;
  windowSeconds: number;
  maxPerAddress: number;
  email: string;
  address: string;
  knownDays: number;
  /** The e-mail's failure count from unknown addresses, and from this address. */
  accountKey: string;
  knownAddressKey: string;
  delays: FailureDelays;
}

export interface FailureDelays {
  /** At this many consecutive failures the key is locked. */
  lockAfter: number;
  /** Failures that cost no wait. */
  free: number;
  /** The longest wait after a failure. */
  maxDelaySeconds: number;
}

/**
 * The claim of a failure counts one more consecutive failure when the key is neither locked nor
 * waiting after its last failure (2^(count - free) seconds, at most maxDelaySeconds).
 *
 * The time is the clock's, not the transaction's: an attempt that waited for a concurrent one's row
 * lock sees that attempt's window_end, which may be later than its own transaction began, and the
 * free failures do not look at the time at all. So attempts sent at once are counted, never refused
 * by the order their transactions happened to start in.
 */
const CLAIM = `
  hit AS (${COUNT_HIT}),
  seen AS (
    SELECT EXISTS (
      SELECT 1 FROM login_addresses
      WHERE email_key = lower($4) AND address = $5 AND last_success > now() - make_interval(days => $6)) AS known),
  failure AS (
    INSERT INTO rate_counters AS c (key, count, window_end)
    SELECT CASE WHEN seen.known THEN $8 ELSE $7 END, 1, clock_timestamp() FROM hit, seen WHERE hit.count <= $3
    ON CONFLICT (key) DO UPDATE SET count = c.count + 1, window_end = clock_timestamp()
    WHERE c.count < $9
      AND (c.count < $10 OR c.window_end + make_interval(secs => least(power(2, c.count - $10), $11)) <= clock_timestamp())
    RETURNING count)`;

const claimValues = (claim: AttemptClaim) => [
  claim.counterKey,
  claim.windowSeconds,
  claim.maxPerAddress,
  claim.email,
  claim.address,
  claim.knownDays,
  claim.accountKey,
  claim.knownAddressKey,
  claim.delays.lockAfter,
  claim.delays.free,
  claim.delays.maxDelaySeconds,
];

export async function claimAttempt(db: Queryable, claim: AttemptClaim): Promise<ClaimedAttempt> {
  const [row] = await db.query<ClaimedAttempt>(
    `WITH ${CLAIM} SELECT hit.count, hit.remaining, seen.known, EXISTS (SELECT 1 FROM failure) AS claimed FROM hit, seen`,
    claimValues(claim),
  );
  return row!;
}

/** The claim of a password's step, with the user of the e-mail, if any, and their organisations in order (memberships.ts). */
export async function claimPasswordAttempt(
  db: Queryable,
  claim: AttemptClaim,
): Promise<{ claimed: ClaimedAttempt; user: UserRow | undefined; organizations: OrganizationRow[] }> {
  const [row] = await db.query<ClaimedAttempt & Partial<UserRow> & { organizations: OrganizationRow[] | null }>(
    `WITH ${CLAIM}
     SELECT hit.count, hit.remaining, seen.known, EXISTS (SELECT 1 FROM failure) AS claimed, u.*,
       (${ORGANIZATIONS_OF_USER_AS_JSON('u.id')}) AS organizations
     FROM hit CROSS JOIN seen LEFT JOIN users u ON lower(u.email) = lower($4)`,
    claimValues(claim),
  );
  const { count, remaining, known, claimed, organizations, ...user } = row!;
  return { claimed: { count, remaining, known, claimed }, user: user.id ? (user as UserRow) : undefined, organizations: organizations ?? [] };
}

const FORGIVE = `
  forgiven AS (DELETE FROM rate_counters WHERE key = $1),
  returned AS (UPDATE rate_counters SET count = greatest(count - 1, 0) WHERE key = $2)`;
const REMEMBER = `
  INSERT INTO login_addresses (email_key, address, last_success) VALUES (lower($3), $4, now())
  ON CONFLICT (email_key, address) DO UPDATE SET last_success = EXCLUDED.last_success`;

/**
 * A success: the failure count of `failureKey` is forgiven, the address's count given back, the
 * address remembered, and `audited`, when given, written to the audit log in the same statement.
 */
export async function settleSuccessfulAttempt(
  db: Queryable,
  success: { failureKey: string; counterKey: string; email: string; address: string },
  audited?: AuditEntry,
): Promise<void> {
  const values = [success.failureKey, success.counterKey, success.email, success.address];
  if (!audited) await db.query(`WITH ${FORGIVE} ${REMEMBER}`, values);
  else await db.query(`WITH ${FORGIVE}, remembered AS (${REMEMBER}) ${AUDIT_INSERT} VALUES ($5, $6, $7, $8, $9)`, [...values, ...auditValues(audited)]);
}

export async function deleteLoginAddressesOlderThan(db: Queryable, days: number): Promise<void> {
  await deleteInBatches(db, 'login_addresses', 'last_success', 'last_success < now() - make_interval(days => $1)', [days]);
}
