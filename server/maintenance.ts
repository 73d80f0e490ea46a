/**
 * Deletes what has served its time, so the shared tables stay small: revocations of tokens that have
 * expired anyway, spent or expired links, finished SAML requests and replay records, ended rate-limit
 * windows, consecutive-failure counts quiet for a day (a lock after 100 failures stays until a
 * reset), mail sent or given up more than a week ago, expired "This wasn't me" links, sign-in addresses no longer known (90 days), sign-ins
 * whose code never came, passkey challenges never answered, sessions expired or signed out a day ago, devices
 * not signed in from for 90 days, what the OpenID Provider kept past its lifetime, and audit rows past their retention (AUDIT_RETENTION_DAYS, server/config.ts).
 * Each in batches found through an index of its expiry (server/db/batched-delete.ts): no statement
 * nears the database's bound at any backlog, and requests run between batches.
 */
import type { Queryable } from './db/database-types';
import { deleteExpiredTokens } from './db/tokens';
import { deleteExpiredSamlRecords } from './db/saml';
import { deleteEndedCounters } from './db/rate-counters';
import { deleteMailOlderThan } from './db/mail-queue';
import { deleteExpiredAccountAlerts } from './db/account-alerts';
import { deleteLoginAddressesOlderThan } from './db/login-attempts';
import { deleteAuditRowsOlderThan } from './db/audit';
import { deleteExpiredPendingSignIns } from './db/pending-sign-ins';
import { deleteExpiredChallenges } from './db/passkeys';
import { deleteExpiredSessions } from './db/sessions';
import { deleteDevicesOlderThan } from './db/known-devices';
import { deleteExpiredOidcRows } from './db/oidc';
import { KNOWN_DEVICE_DAYS } from './auth/devices';
import type { ServerConfig } from './config';
import { KNOWN_ADDRESS_DAYS, LOCK_AFTER_FAILURES } from './auth/login-throttle';

export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SENT_MAIL_DAYS = 7;

export async function sweepExpired(db: Queryable, config: Pick<ServerConfig, 'auditRetentionDays'>): Promise<void> {
  await deleteExpiredTokens(db);
  await deleteExpiredSamlRecords(db);
  await deleteEndedCounters(db, LOCK_AFTER_FAILURES);
  await deleteMailOlderThan(db, SENT_MAIL_DAYS);
  await deleteExpiredAccountAlerts(db);
  await deleteLoginAddressesOlderThan(db, KNOWN_ADDRESS_DAYS);
  await deleteExpiredPendingSignIns(db);
  await deleteExpiredChallenges(db);
  await deleteExpiredSessions(db);
  await deleteDevicesOlderThan(db, KNOWN_DEVICE_DAYS);
  await deleteExpiredOidcRows(db);
  await deleteAuditRowsOlderThan(db, config.auditRetentionDays);
}
