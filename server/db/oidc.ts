/**
 * The OpenID Provider's tables (migrations 13 and 14, server/oidc/): its clients; what its engine
 * keeps, by model and id (server/oidc/adapter.ts); the front door session and organisation each of
 * its sessions stands for, and the organisation of each grant (server/oidc/provider.ts).
 */
import type { Queryable } from './database-types';
import { deleteInBatches } from './batched-delete';

export interface OidcClientRow {
  id: string;
  name: string;
  /** SHA-256 (hex) of a confidential client's secret; null for a public client. */
  secret_hash: string | null;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  /** Where the app hears that a front door session it signed in with has ended (server/auth/backchannel-logout.ts). */
  backchannel_logout_uri: string | null;
  /** A service's one audience (client credentials, server/oidc/services.ts); null for an app. */
  service_audience: string | null;
  /** A device's client: it signs in with the device grant (server/oidc/devices.ts). */
  device: boolean;
  created_at: Date;
}

export async function insertOidcClient(db: Queryable, client: Omit<OidcClientRow, 'created_at'>): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO oidc_clients (id, name, secret_hash, redirect_uris, post_logout_redirect_uris, backchannel_logout_uri, service_audience, device)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      client.id,
      client.name,
      client.secret_hash,
      JSON.stringify(client.redirect_uris),
      JSON.stringify(client.post_logout_redirect_uris),
      client.backchannel_logout_uri,
      client.service_audience,
      client.device,
    ],
  );
  return rows.length > 0;
}

export async function findOidcClient(db: Queryable, id: string): Promise<OidcClientRow | undefined> {
  const [row] = await db.query<OidcClientRow>('SELECT * FROM oidc_clients WHERE id = $1', [id]);
  return row;
}

export async function listOidcClients(db: Queryable): Promise<OidcClientRow[]> {
  return db.query<OidcClientRow>('SELECT * FROM oidc_clients ORDER BY id');
}

/** Deletes a client and what its engine keeps for it; false when there was none. */
export async function deleteOidcClient(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM oidc_clients WHERE id = $1 RETURNING id', [id]);
  await db.query(`DELETE FROM oidc_payloads WHERE payload->>'clientId' = $1`, [id]);
  return rows.length > 0;
}

/** One stored payload of the engine, with when it expires (null: never). */
export interface OidcPayload {
  model: string;
  id: string;
  payload: Record<string, unknown>;
  grantId: string | undefined;
  uid: string | undefined;
  expiresInSeconds: number | undefined;
  /** The front door session a refresh token, or an access token of one, stands for (server/oidc/refresh-tokens.ts). */
  frontDoorSession?: string | undefined;
}

export async function upsertOidcPayload(db: Queryable, row: OidcPayload): Promise<void> {
  await db.query(
    `INSERT INTO oidc_payloads (model, id, payload, grant_id, uid, expires_at, front_door_session)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::integer IS NULL THEN NULL ELSE now() + make_interval(secs => $6::integer) END, $7)
     ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
       expires_at = EXCLUDED.expires_at, front_door_session = EXCLUDED.front_door_session`,
    [row.model, row.id, JSON.stringify(row.payload), row.grantId ?? null, row.uid ?? null, row.expiresInSeconds ?? null, row.frontDoorSession ?? null],
  );
}

/**
 * The front door session of a grant's refresh tokens: of one chain (its first issue time, `iiat`),
 * or the newest one's.
 */
export async function refreshTokenSession(db: Queryable, grantId: string, iiat?: number): Promise<string | undefined> {
  const [row] = await db.query<{ front_door_session: string }>(
    `SELECT front_door_session FROM oidc_payloads
     WHERE model = 'RefreshToken' AND grant_id = $1 AND front_door_session IS NOT NULL AND ($2::bigint IS NULL OR (payload->>'iiat')::bigint = $2::bigint)
     ORDER BY (payload->>'iat')::bigint DESC LIMIT 1`,
    [grantId, iiat ?? null],
  );
  return row?.front_door_session;
}

/** The front door session a stored token stands for, where one was bound to it. */
export async function tokenSession(db: Queryable, model: string, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ front_door_session: string | null }>('SELECT front_door_session FROM oidc_payloads WHERE model = $1 AND id = $2', [model, id]);
  return row?.front_door_session ?? undefined;
}

/**
 * Does an app's refresh token still stand on this front door session: kept (or ended by a Logout
 * only), of the user's current generation (no new password, "This wasn't me" or reset of the second
 * factor since)? Its own lifetime bounds it, not the session's.
 */
export async function sessionHoldsRefreshTokens(db: Queryable, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db.query<{ holds: boolean }>(
    `SELECT (s.ended_at IS NULL OR s.ended_by_logout) AND s.generation = u.session_generation AS holds
     FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND s.user_id = $2`,
    [sessionId, userId],
  );
  return row?.holds === true;
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';

export async function findOidcPayload(db: Queryable, model: string, id: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.query<{ payload: Record<string, unknown> }>(`SELECT payload FROM oidc_payloads WHERE model = $1 AND id = $2 AND ${LIVE}`, [model, id]);
  return row?.payload;
}

export async function findOidcPayloadByUid(db: Queryable, model: string, uid: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.query<{ payload: Record<string, unknown> }>(`SELECT payload FROM oidc_payloads WHERE model = $1 AND uid = $2 AND ${LIVE}`, [
    model,
    uid,
  ]);
  return row?.payload;
}

/** A device code by the user code the person typed (normalised by the engine). */
export async function findOidcPayloadByUserCode(db: Queryable, userCode: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.query<{ payload: Record<string, unknown> }>(
    `SELECT payload FROM oidc_payloads WHERE model = 'DeviceCode' AND payload->>'userCode' = $1 AND ${LIVE}`,
    [userCode],
  );
  return row?.payload;
}

/**
 * Marks a payload consumed (a code once exchanged) unless it is already: false when it was, or is
 * gone. One statement, so of two exchanges of one code at the same moment, on one instance or two,
 * only one marks it.
 */
export async function consumeOidcPayload(db: Queryable, model: string, id: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE oidc_payloads SET payload = jsonb_set(payload, '{consumed}', to_jsonb(extract(epoch FROM now())::bigint))
     WHERE model = $1 AND id = $2 AND NOT payload ? 'consumed' RETURNING id`,
    [model, id],
  );
  return rows.length > 0;
}

/** The grant a stored payload was issued under, if any. */
export async function grantOfOidcPayload(db: Queryable, model: string, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ grant_id: string | null }>('SELECT grant_id FROM oidc_payloads WHERE model = $1 AND id = $2', [model, id]);
  return row?.grant_id ?? undefined;
}

export async function deleteOidcPayload(db: Queryable, model: string, id: string): Promise<void> {
  await db.query('DELETE FROM oidc_payloads WHERE model = $1 AND id = $2', [model, id]);
}

/** Everything issued under a grant (its codes and tokens, and the grant): a reused code revokes them. */
export async function deleteOidcPayloadsOfGrant(db: Queryable, grantId: string): Promise<void> {
  await db.query('DELETE FROM oidc_payloads WHERE grant_id = $1', [grantId]);
}

/** What the provider's session stands for in the front door (server/oidc/provider.ts). */
export interface OidcSignInRow {
  session_id: string;
  user_id: string;
  org: string;
  /** The front door session still works: not signed out, not expired, of the user's current generation. */
  live: boolean;
}

export async function upsertOidcSignIn(
  db: Queryable,
  signIn: { providerSession: string; sessionId: string; userId: string; org: string; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO oidc_sign_ins (provider_session, session_id, user_id, org, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
     ON CONFLICT (provider_session, session_id)
     DO UPDATE SET user_id = EXCLUDED.user_id, org = EXCLUDED.org, expires_at = EXCLUDED.expires_at, linked_at = now()`,
    [signIn.providerSession, signIn.sessionId, signIn.userId, signIn.org, signIn.ttlSeconds],
  );
}

/**
 * The front door session a provider session stands for: the latest one, or the one it stood for
 * at `atSeconds` (a code's or token's issue time, whole seconds: one second's grace).
 */
export async function findOidcSignIn(db: Queryable, providerSession: string, atSeconds?: number): Promise<OidcSignInRow | undefined> {
  const [row] = await db.query<OidcSignInRow>(
    `SELECT o.session_id, o.user_id, o.org,
            (s.ended_at IS NULL AND s.expires_at > now() AND s.generation = u.session_generation) AS live
     FROM oidc_sign_ins o JOIN sessions s ON s.id = o.session_id JOIN users u ON u.id = o.user_id
     WHERE o.provider_session = $1 AND o.expires_at > now() AND ($2::bigint IS NULL OR o.linked_at < to_timestamp($2::bigint + 1))
     ORDER BY o.linked_at DESC LIMIT 1`,
    [providerSession, atSeconds ?? null],
  );
  return row;
}

/** Every front door session a provider session stood for: its sign-out ends them all (server/auth/sign-out.ts). */
export async function oidcSignInSessions(db: Queryable, providerSession: string): Promise<string[]> {
  const rows = await db.query<{ session_id: string }>('SELECT session_id FROM oidc_sign_ins WHERE provider_session = $1', [providerSession]);
  return rows.map((row) => row.session_id);
}

/** The organisation a grant's sign-in chose ('' for a person in none), as long as the grant lives. */
export async function setOidcGrantOrg(db: Queryable, grant: { grantId: string; org: string; ttlSeconds: number }): Promise<void> {
  await db.query(
    `INSERT INTO oidc_grant_orgs (grant_id, org, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (grant_id) DO UPDATE SET org = EXCLUDED.org, expires_at = EXCLUDED.expires_at`,
    [grant.grantId, grant.org, grant.ttlSeconds],
  );
}

export async function findOidcGrantOrg(db: Queryable, grantId: string): Promise<string | undefined> {
  const [row] = await db.query<{ org: string }>('SELECT org FROM oidc_grant_orgs WHERE grant_id = $1 AND expires_at > now()', [grantId]);
  return row?.org;
}

/** An app signed in with a front door session (its sign-in through the provider, with a screen or without). */
export async function recordAppSignIn(db: Queryable, signIn: { sessionId: string; clientId: string; userId: string; ttlSeconds: number }): Promise<void> {
  await db.query(
    `INSERT INTO oidc_app_sign_ins (session_id, client_id, user_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))
     ON CONFLICT (session_id, client_id) DO UPDATE SET expires_at = greatest(oidc_app_sign_ins.expires_at, EXCLUDED.expires_at)`,
    [signIn.sessionId, signIn.clientId, signIn.userId, signIn.ttlSeconds],
  );
}

/** The apps signed in with each of these front door sessions, by name. */
export async function appsOfSessions(db: Queryable, sessionIds: readonly string[]): Promise<{ session_id: string; id: string; name: string }[]> {
  if (sessionIds.length === 0) return [];
  return db.query<{ session_id: string; id: string; name: string }>(
    `SELECT a.session_id, c.id, c.name FROM oidc_app_sign_ins a JOIN oidc_clients c ON c.id = a.client_id
     WHERE a.session_id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid) AND a.expires_at > now() ORDER BY c.name, c.id`,
    [JSON.stringify(sessionIds)],
  );
}

const QUEUE_BACKCHANNEL_LOGOUTS = `INSERT INTO mail_queue (kind, params)
  SELECT 'backchannel-logout', jsonb_build_object('clientId', a.client_id, 'userId', a.user_id, 'sid', a.session_id)
  FROM oidc_app_sign_ins a JOIN oidc_clients c ON c.id = a.client_id
  WHERE c.backchannel_logout_uri IS NOT NULL AND a.expires_at > now()`;

/**
 * Queues a logout token for each app with a back-channel logout URI that signed in with one of these
 * front door sessions, in the caller's transaction (server/auth/backchannel-logout.ts); answers how many.
 */
export async function queueBackchannelLogouts(db: Queryable, sessionIds: readonly string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await db.query(`${QUEUE_BACKCHANNEL_LOGOUTS} AND a.session_id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid) RETURNING id`, [
    JSON.stringify([...new Set(sessionIds)]),
  ]);
  return rows.length;
}

/**
 * The same for every front door session of the user's generation `ended` but `keep`, still within its
 * lifetime and not signed out: called in the transaction of the change that moved the generation on
 * (a new password, "This wasn't me", a replaced authenticator, a reset of the second factor).
 */
export async function queueBackchannelLogoutsOfUser(db: Queryable, userId: string, ended: number, keep?: string): Promise<number> {
  const rows = await db.query(
    `${QUEUE_BACKCHANNEL_LOGOUTS} AND a.user_id = $1 AND ($3::uuid IS NULL OR a.session_id <> $3::uuid)
       AND a.session_id IN (SELECT s.id FROM sessions s WHERE s.user_id = $1 AND s.ended_at IS NULL AND s.expires_at > now() AND s.generation = $2)
     RETURNING id`,
    [userId, ended, keep ?? null],
  );
  return rows.length;
}

export async function deleteExpiredOidcRows(db: Queryable): Promise<void> {
  for (const table of ['oidc_payloads', 'oidc_sign_ins', 'oidc_grant_orgs', 'oidc_app_sign_ins'])
    await deleteInBatches(db, table, 'expires_at', 'expires_at < now()');
}
