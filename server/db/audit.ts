/**
 * The audit_log table: authentication events with the client address. Details never hold
 * passwords, codes or tokens.
 */
import type { Queryable } from './database-types';
import { deleteInBatches } from './batched-delete';

export type AuditEvent =
  | 'account.secured'
  | 'account.second_factor_reset'
  | 'login.succeeded'
  | 'login.failed'
  | 'login.mfa_failed'
  | 'login.recovery_code_used'
  | 'login.throttled'
  | 'login.passkey_failed'
  | 'logout'
  | 'idp.login_succeeded'
  | 'idp.rejected'
  | 'member.provisioned'
  | 'member.ended'
  | 'member.updated'
  | 'user.disabled'
  | 'user.enabled'
  | 'login.refused'
  | 'oidc.sign_in'
  | 'oidc.refused'
  | 'oidc.refresh_token_reused'
  | 'mfa.setup_started'
  | 'mfa.enabled'
  | 'mfa.confirmation_failed'
  | 'mfa.enrolment_refused'
  | 'passkey.added'
  | 'passkey.refused'
  | 'passkey.rejected'
  | 'passkey.removed'
  | 'mfa.recovery_codes_replaced'
  | 'password.set'
  | 'password.change_refused'
  | 'password.known_refused'
  | 'password.known_notice'
  | 'password.reset_requested'
  | 'registration.requested'
  | 'saml.login_succeeded'
  | 'saml.rejected'
  | 'saml.session_refused'
  | 'session.signed_out'
  | 'terms.accepted';

export interface AuditFields {
  userId?: string | undefined;
  context?: string | undefined;
  detail?: Record<string, string | number | boolean>;
}

export interface AuditEntry {
  clientAddress: string;
  event: AuditEvent;
  fields?: AuditFields;
}

/** Inserts one audit row: its values follow, in the order of auditValues. */
export const AUDIT_INSERT = 'INSERT INTO audit_log (event, user_id, context, client_address, detail)';

export function auditValues({ clientAddress, event, fields = {} }: AuditEntry): unknown[] {
  return [event, fields.userId ?? null, fields.context ?? null, clientAddress, JSON.stringify(fields.detail ?? {})];
}

export async function audit(db: Queryable, clientAddress: string, event: AuditEvent, fields: AuditFields = {}): Promise<void> {
  await db.query(`${AUDIT_INSERT} VALUES ($1, $2, $3, $4, $5)`, auditValues({ clientAddress, event, fields }));
}

/** Deletes audit rows older than the retention period (server/maintenance.ts). */
export async function deleteAuditRowsOlderThan(db: Queryable, days: number): Promise<void> {
  await deleteInBatches(db, 'audit_log', 'at', 'at < now() - make_interval(days => $1)', [days]);
}
