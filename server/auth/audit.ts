import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';

export type AuditEvent =
  | 'login.succeeded'
  | 'login.failed'
  | 'login.mfa_failed'
  | 'login.throttled'
  | 'logout'
  | 'mfa.setup_started'
  | 'mfa.enabled'
  | 'mfa.confirmation_failed'
  | 'password.set'
  | 'password.reset_requested'
  | 'registration.requested'
  | 'saml.login_succeeded'
  | 'saml.rejected'
  | 'terms.accepted';

/** Records an authentication event. Details never hold passwords, codes or tokens. */
export async function audit(
  db: Queryable,
  request: FastifyRequest,
  event: AuditEvent,
  fields: { userId?: string | undefined; context?: string | undefined; detail?: Record<string, string | number | boolean> } = {},
): Promise<void> {
  await db.query('INSERT INTO audit_log (event, user_id, context, client_address, detail) VALUES ($1, $2, $3, $4, $5)', [
    event,
    fields.userId ?? null,
    fields.context ?? null,
    request.ip,
    JSON.stringify(fields.detail ?? {}),
  ]);
}
