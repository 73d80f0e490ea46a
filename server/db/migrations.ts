/**
 * The schema, as an ordered list of migrations. A migration is never edited once landed: a change
 * is a new entry. Applied in one transaction under an advisory lock, so instances starting together
 * on one PostgreSQL apply each migration once.
 */
import type { Database } from './database-types';

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    id: 1,
    name: 'accounts and organisations',
    // Spec 3 and 6; the reserved contexts are rows like any other (serviceProvider, meta).
    sql: `
      CREATE TABLE organizations (
        id uuid PRIMARY KEY,
        context text NOT NULL UNIQUE,
        name text NOT NULL,
        logo text NOT NULL DEFAULT '',
        enabled boolean NOT NULL DEFAULT true,
        sso_mode text NOT NULL DEFAULT 'NOT_SET' CHECK (sso_mode IN ('NOT_SET', 'LOGIN_SAML', 'SAML_ONLY')),
        saml_entry_point text,
        saml_idp_issuer text,
        saml_idp_cert text,
        mfa_policy text NOT NULL DEFAULT 'OPTIONAL' CHECK (mfa_policy IN ('OPTIONAL', 'REQUIRED')),
        terms_version integer NOT NULL DEFAULT 0,
        terms_content jsonb NOT NULL DEFAULT '{}',
        default_language text NOT NULL DEFAULT 'en',
        open_registration boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        password_hash text,
        language text NOT NULL DEFAULT 'en',
        totp_secret text,
        totp_last_step bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
      CREATE TABLE memberships (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        enabled boolean NOT NULL DEFAULT true,
        PRIMARY KEY (user_id, organization_id)
      );
      CREATE TABLE terms_acceptances (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        context text NOT NULL,
        version integer NOT NULL,
        accepted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, context, version)
      );
      CREATE TABLE one_time_tokens (
        id uuid PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('invitation', 'reset')),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        event text NOT NULL,
        user_id uuid,
        context text,
        client_address text,
        detail jsonb NOT NULL DEFAULT '{}'
      );
      CREATE INDEX audit_log_user_at ON audit_log (user_id, at);
    `,
  },
  {
    id: 2,
    name: 'sessions, second factor, throttling, mail and SAML',
    sql: `
      -- The secret offered by setMfa until a code confirms it; the generation of the user's
      -- sessions, which a password change advances to end every earlier session.
      ALTER TABLE users ADD COLUMN totp_pending_secret text;
      ALTER TABLE users ADD COLUMN session_generation integer NOT NULL DEFAULT 0;
      -- Session tokens ended by logout, until they would have expired anyway.
      CREATE TABLE revoked_tokens (
        jti uuid PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      -- Counters shared by every instance: fixed-window rate limits, and consecutive failed
      -- sign-ins per e-mail (window_end then holds the time of the last failure).
      CREATE TABLE rate_counters (
        key text PRIMARY KEY,
        count integer NOT NULL,
        window_end timestamptz NOT NULL
      );
      CREATE INDEX rate_counters_window_end ON rate_counters (window_end);
      -- The embedded outbox used when no SMTP server is configured.
      CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        recipient text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        links jsonb NOT NULL DEFAULT '[]',
        sent_at timestamptz NOT NULL DEFAULT now()
      );
      -- SAML: requests we sent (InResponseTo) and assertions already used (replay).
      CREATE TABLE saml_requests (
        id text PRIMARY KEY,
        context text NOT NULL,
        return_to text NOT NULL DEFAULT '',
        expires_at timestamptz NOT NULL
      );
      CREATE TABLE saml_used_assertions (
        id text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX saml_requests_expires_at ON saml_requests (expires_at);
    `,
  },
  {
    id: 3,
    name: 'databases made by the first text of migration 2',
    // Migration 2 was changed after it had first landed: a database that applied its first text
    // has failed_logins and last_failed_login_at instead of session_generation, and lacks two
    // indexes. This gives such a database the shape migration 2 has now; elsewhere it changes nothing.
    sql: `
      ALTER TABLE users DROP COLUMN IF EXISTS failed_logins;
      ALTER TABLE users DROP COLUMN IF EXISTS last_failed_login_at;
      ALTER TABLE users ADD COLUMN IF NOT EXISTS session_generation integer NOT NULL DEFAULT 0;
      CREATE INDEX IF NOT EXISTS rate_counters_window_end ON rate_counters (window_end);
      CREATE INDEX IF NOT EXISTS saml_requests_expires_at ON saml_requests (expires_at);
    `,
  },
  {
    id: 4,
    name: 'addresses each account signed in from',
    // Keyed by the e-mail, not the user, so a sign-in reads the same for known and unknown e-mails.
    sql: `
      CREATE TABLE login_addresses (
        email_key text NOT NULL,
        address text NOT NULL,
        last_success timestamptz NOT NULL,
        PRIMARY KEY (email_key, address)
      );
      CREATE INDEX login_addresses_last_success ON login_addresses (last_success);
    `,
  },
  {
    id: 5,
    name: 'e-mail domains of organisations',
    // The organisation an address would belong to, by its domain (lower case): the SSO-mode
    // look-up answers by it, whether or not the address has an account.
    sql: `
      CREATE TABLE organization_domains (
        domain text PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE
      );
      CREATE INDEX organization_domains_organization ON organization_domains (organization_id);
    `,
  },
  {
    id: 6,
    name: 'indexes for look-ups by user and organisation and for the sweeps',
    // A user's links are found by user_id and an organisation's members by organization_id (the
    // memberships key leads with user_id), also when deleting a user or an organisation cascades;
    // the hourly sweep deletes by expiry and by age (server/maintenance.ts). Without these, each
    // is a scan of the whole table.
    sql: `
      CREATE INDEX one_time_tokens_user ON one_time_tokens (user_id);
      CREATE INDEX saml_used_assertions_expires_at ON saml_used_assertions (expires_at);
      CREATE INDEX memberships_organization ON memberships (organization_id);
      CREATE INDEX audit_log_at ON audit_log (at);
    `,
  },
  {
    id: 7,
    name: 'sign-ins waiting for their code',
    // A right password waiting for its TOTP code (server/auth/password-sign-in.ts), named by the
    // SHA-256 of the random value only the browser's HttpOnly cookie holds; a password change
    // (session_generation) voids it. Deleted when its code is right, swept once expired.
    sql: `
      CREATE TABLE pending_sign_ins (
        id_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        session_generation integer NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX pending_sign_ins_user ON pending_sign_ins (user_id);
      CREATE INDEX pending_sign_ins_expires_at ON pending_sign_ins (expires_at);
    `,
  },
  {
    id: 8,
    name: 'recovery codes',
    // Single-use codes that stand in for a TOTP code (server/auth/recovery-codes.ts), stored only as
    // keyed hashes; a set is replaced as a whole, and a used code keeps its row with used_at.
    sql: `
      CREATE TABLE recovery_codes (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (user_id, code_hash)
      );
    `,
  },
  {
    id: 9,
    name: 'passkeys and their challenges',
    // A user's WebAuthn credentials (server/auth/passkey-registration.ts): the credential ID as the browser
    // sends it (base64url), its COSE public key (base64url), the signature counter and backup flags
    // as last seen. A challenge is named by its SHA-256, taken once (deleted) and good for five
    // minutes; a registration's is bound to its user, an authentication's to the e-mail typed, if any.
    sql: `
      CREATE TABLE passkeys (
        id text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        public_key text NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports jsonb NOT NULL DEFAULT '[]',
        device_type text NOT NULL,
        backed_up boolean NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      );
      CREATE INDEX passkeys_user ON passkeys (user_id);
      CREATE TABLE webauthn_challenges (
        challenge_hash text PRIMARY KEY,
        purpose text NOT NULL CHECK (purpose IN ('registration', 'authentication')),
        user_id uuid REFERENCES users (id) ON DELETE CASCADE,
        email text,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX webauthn_challenges_expires_at ON webauthn_challenges (expires_at);
    `,
  },
  {
    id: 10,
    name: 'mail queue, account alerts and the history of second factors',
    // Mail to send (server/mail/mail-queue.ts), written in the transaction of the change that causes
    // it and sent after commit, retried until sent; without an SMTP server, a sent mail keeps its
    // content here, which the development outbox reads (the old mail_outbox moves in). The links of
    // "This wasn't me" (server/auth/account-alerts.ts), by the SHA-256 of their random value. When
    // and how the TOTP secret in force was set up, and since when factor changes wait for a full
    // sign-in (docs/decisions/0015-what-a-thief-could-have-added.md).
    sql: `
      CREATE TABLE mail_queue (
        id bigserial PRIMARY KEY,
        kind text NOT NULL,
        params jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        claim uuid,
        recipient_counted boolean NOT NULL DEFAULT false,
        last_error text,
        sent_at timestamptz,
        failed_at timestamptz,
        recipient text,
        subject text,
        text_body text,
        html_body text,
        links jsonb
      );
      CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
      CREATE INDEX mail_queue_sent_at ON mail_queue (sent_at);
      INSERT INTO mail_queue (kind, created_at, sent_at, recipient, subject, text_body, html_body, links)
        SELECT 'outbox', sent_at, sent_at, recipient, subject, text_body, html_body, links FROM mail_outbox;
      DROP TABLE mail_outbox;
      CREATE TABLE account_alerts (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        event text NOT NULL,
        happened_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX account_alerts_user ON account_alerts (user_id);
      CREATE INDEX account_alerts_expires_at ON account_alerts (expires_at);
      CREATE TABLE spent_passkey_challenges (
        challenge_hash text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX spent_passkey_challenges_expires_at ON spent_passkey_challenges (expires_at);
      ALTER TABLE users ADD COLUMN totp_set_at timestamptz;
      ALTER TABLE users ADD COLUMN totp_set_via text CHECK (totp_set_via IN ('enrolment', 'code', 'recovery', 'operator'));
      ALTER TABLE users ADD COLUMN factors_frozen_at timestamptz;
      UPDATE users SET totp_set_via = 'enrolment' WHERE totp_secret IS NOT NULL;
    `,
  },
  {
    id: 11,
    name: 'sessions',
    // One row per sign-in, named by its tokens' sid (server/auth/sessions.ts): the device it began
    // on, its masked address, when it was last active, and when its person signed it out.
    sql: `
      CREATE TABLE sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        generation integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_active_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ended_at timestamptz,
        browser text NOT NULL,
        system text NOT NULL,
        address text NOT NULL
      );
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX sessions_expires_at ON sessions (expires_at);
    `,
  },
  {
    id: 12,
    name: 'devices each account signed in from',
    // The browsers each account signed in from (server/auth/devices.ts), by the SHA-256 of the
    // random value of their device cookie: a sign-in from one not seen for 90 days is mailed.
    sql: `
      CREATE TABLE known_devices (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        device_hash text NOT NULL,
        last_seen timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, device_hash)
      );
      CREATE INDEX known_devices_last_seen ON known_devices (last_seen);
    `,
  },
  {
    id: 13,
    name: 'OpenID Connect',
    // The OpenID Provider (server/oidc/): its clients, made by the admin command, with the SHA-256
    // of a confidential client's secret; what its engine keeps (sessions, interactions, grants,
    // codes, tokens) by model and id; and which front door session and organisation each of its
    // sessions stands for (server/oidc/provider.ts).
    sql: `
      CREATE TABLE oidc_clients (
        id text PRIMARY KEY,
        name text NOT NULL,
        secret_hash text,
        redirect_uris jsonb NOT NULL,
        post_logout_redirect_uris jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE oidc_payloads (
        model text NOT NULL,
        id text NOT NULL,
        payload jsonb NOT NULL,
        grant_id text,
        uid text,
        expires_at timestamptz,
        PRIMARY KEY (model, id)
      );
      CREATE INDEX oidc_payloads_grant ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
      CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid) WHERE uid IS NOT NULL;
      CREATE INDEX oidc_payloads_expires_at ON oidc_payloads (expires_at);
      CREATE TABLE oidc_sign_ins (
        provider_session text PRIMARY KEY,
        session_id uuid NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        org text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX oidc_sign_ins_expires_at ON oidc_sign_ins (expires_at);
    `,
  },
  {
    id: 14,
    name: 'the organisation of each OpenID Connect grant',
    // The organisation an app's sign-in chose, by the engine's grant (one per app and session):
    // another app's sign-in into another organisation does not change what this app's tokens say.
    sql: `
      CREATE TABLE oidc_grant_orgs (
        grant_id text PRIMARY KEY,
        org text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX oidc_grant_orgs_expires_at ON oidc_grant_orgs (expires_at);
    `,
  },
  {
    id: 15,
    name: 'every front door session an OpenID Connect session stood for',
    // A provider session may stand for one front door session after another (a sign-out, then
    // another sign-in on the browser): a row for each, with when it began to, so a code or token
    // answers for the front door session of its own time (server/oidc/provider.ts).
    sql: `
      ALTER TABLE oidc_sign_ins DROP CONSTRAINT oidc_sign_ins_pkey;
      ALTER TABLE oidc_sign_ins ADD COLUMN linked_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE oidc_sign_ins ADD PRIMARY KEY (provider_session, session_id);
    `,
  },
  {
    id: 16,
    name: 'the browser each session began in',
    // A session's browser by the SHA-256 of its device cookie (server/api/device-cookie.ts): a
    // Logout ends every session that browser began, also one whose token it holds only in a tab's
    // storage, as a sign-in left at its MFA setup does (server/auth/sign-out.ts).
    sql: `
      ALTER TABLE sessions ADD COLUMN device_hash text;
      CREATE INDEX sessions_device_hash ON sessions (device_hash) WHERE device_hash IS NOT NULL AND ended_at IS NULL;
    `,
  },
  {
    id: 17,
    name: 'refresh tokens and the front door session behind each',
    // An app's refresh token (offline_access) outlives a Logout of its browser, and no other end of
    // its front door session (server/oidc/refresh-tokens.ts): which session it stands for, and
    // whether that session ended by a Logout.
    sql: `
      ALTER TABLE sessions ADD COLUMN ended_by_logout boolean NOT NULL DEFAULT false;
      ALTER TABLE oidc_payloads ADD COLUMN front_door_session uuid;
      CREATE INDEX oidc_payloads_front_door_session ON oidc_payloads (front_door_session) WHERE front_door_session IS NOT NULL;
    `,
  },
  {
    id: 18,
    name: 'back-channel logout',
    // Where an app hears that a front door session it signed in with has ended (OpenID Connect
    // Back-Channel Logout), and which apps signed in with each front door session
    // (server/auth/backchannel-logout.ts).
    sql: `
      ALTER TABLE oidc_clients ADD COLUMN backchannel_logout_uri text;
      CREATE TABLE oidc_app_sign_ins (
        session_id uuid NOT NULL,
        client_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (session_id, client_id)
      );
      CREATE INDEX oidc_app_sign_ins_user ON oidc_app_sign_ins (user_id);
      CREATE INDEX oidc_app_sign_ins_expires_at ON oidc_app_sign_ins (expires_at);
    `,
  },
  {
    id: 19,
    name: 'services and devices',
    // A service's client (client credentials, server/oidc/services.ts): the one audience its
    // access tokens are for; an app's row has none. A device's client signs in with the device
    // grant (server/oidc/devices.ts), its user code found as the person types it.
    sql: `
      ALTER TABLE oidc_clients ADD COLUMN service_audience text;
      ALTER TABLE oidc_clients ADD COLUMN device boolean NOT NULL DEFAULT false;
      CREATE INDEX oidc_payloads_user_code ON oidc_payloads ((payload->>'userCode')) WHERE model = 'DeviceCode';
    `,
  },
  {
    id: 20,
    name: 'every statement on an index at any size',
    // The queue's claim walks only unsent rows, in order; a person's unsent mail is found by its
    // user (alerts "This wasn't me" cancels, and the one digest of alerts past the cap:
    // server/auth/alert-digest.ts). Counters are found by the start of their key (a new password
    // clears an e-mail's, server/auth/login-throttle.ts). Each sweep finds what expired by an index of its expiry
    // (server/maintenance.ts), and the start finds TOTP secrets stored unencrypted without reading
    // every user (server/auth/totp-secrets.ts). Under which lists of known passwords the password
    // was last judged, and whether it is one (server/auth/known-passwords.ts): a sign-in judges it
    // again only when the lists changed.
    sql: `
      CREATE INDEX mail_queue_unsent ON mail_queue (id) WHERE sent_at IS NULL AND failed_at IS NULL;
      CREATE INDEX mail_queue_unsent_user ON mail_queue ((params->>'userId')) WHERE sent_at IS NULL AND failed_at IS NULL;
      CREATE UNIQUE INDEX mail_queue_alert_digest ON mail_queue ((params->>'userId'))
        WHERE kind = 'account-alert-digest' AND sent_at IS NULL AND failed_at IS NULL;
      CREATE INDEX mail_queue_failed_at ON mail_queue (failed_at) WHERE failed_at IS NOT NULL;
      CREATE INDEX revoked_tokens_expires_at ON revoked_tokens (expires_at);
      CREATE INDEX one_time_tokens_expires_at ON one_time_tokens (expires_at);
      CREATE INDEX sessions_ended_at ON sessions (ended_at) WHERE ended_at IS NOT NULL;
      CREATE INDEX rate_counters_key_prefix ON rate_counters (key text_pattern_ops);
      CREATE INDEX users_plaintext_totp ON users (id)
        WHERE starts_with(totp_secret, 'v1:') IS FALSE OR starts_with(totp_pending_secret, 'v1:') IS FALSE;
      CREATE INDEX users_sealed_totp ON users (id) WHERE starts_with(totp_secret, 'v1:');
      ALTER TABLE users ADD COLUMN password_checked_with text;
      ALTER TABLE users ADD COLUMN password_known boolean NOT NULL DEFAULT false;
    `,
  },
  {
    id: 21,
    name: 'what the sweep keeps, out of its way',
    // A failure count stays a day after its window ends (server/db/rate-counters.ts): the sweep
    // walks the ended windows of the other counters, and the failure counts, each on an index of
    // its own, so neither walk steps over the other's rows. An expired session an app's refresh
    // token stands on is kept until that token expires (server/db/sessions.ts), and walked again
    // only then.
    sql: `
      CREATE INDEX rate_counters_window_ends ON rate_counters (window_end) WHERE key NOT LIKE 'login-account:%';
      CREATE INDEX rate_counters_failure_ends ON rate_counters (window_end) WHERE key LIKE 'login-account:%';
      DROP INDEX rate_counters_window_end;
      ALTER TABLE sessions ADD COLUMN kept_until timestamptz;
      CREATE INDEX sessions_swept_at ON sessions ((greatest(expires_at, kept_until)));
      DROP INDEX sessions_expires_at;
    `,
  },
  {
    id: 22,
    name: 'the swept tables vacuumed as they churn',
    // The sweep walks each expiry index from its oldest end (server/db/batched-delete.ts), where its
    // own deletions of the passes before leave dead entries until a vacuum; so does the planner's
    // look at the index's ends for each plan. By default a table is vacuumed once a fifth of it is
    // dead, 570,000 sessions at a million people: each pass walked them, 2.2 ms a statement against
    // 0.9 on a small database (docs/figures.md, scale). A hundredth and a thousand rows keeps that walk short.
    sql: `
      ALTER TABLE sessions SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
      ALTER TABLE one_time_tokens SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
      ALTER TABLE rate_counters SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
      ALTER TABLE revoked_tokens SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
      ALTER TABLE mail_queue SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
      ALTER TABLE known_devices SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
      ALTER TABLE login_addresses SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
      ALTER TABLE oidc_payloads SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
    `,
  },
  {
    id: 23,
    name: 'people who join and leave',
    // An operator disables a person (no sign-in anywhere); an organisation ends a membership, through
    // the operator or its directory (deactivated: still listed to that directory; removed: not);
    // an organisation says whether its identity provider's sign-in may create the account
    // (docs/federation.md).
    sql: `
      ALTER TABLE users ADD COLUMN disabled_at timestamptz;
      ALTER TABLE memberships ADD COLUMN ended text CHECK (ended IN ('deactivated', 'removed'));
      ALTER TABLE memberships ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE memberships ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE organizations ADD COLUMN provisioning text NOT NULL DEFAULT 'INVITED' CHECK (provisioning IN ('INVITED', 'JUST_IN_TIME'));
      DROP INDEX memberships_organization;
      CREATE INDEX memberships_organization ON memberships (organization_id, created_at, user_id);
    `,
  },
  {
    id: 24,
    name: 'organisations that sign in through an OpenID Provider',
    // Beside SAML's settings: the provider's issuer, the front door's client id there and its
    // secret, sealed under a key derived from TOTP_KEY (server/auth/sealed-text.ts).
    sql: `
      ALTER TABLE organizations ADD COLUMN oidc_issuer text;
      ALTER TABLE organizations ADD COLUMN oidc_client_id text;
      ALTER TABLE organizations ADD COLUMN oidc_client_secret text;
    `,
  },
  {
    id: 25,
    name: 'a company directory speaks SCIM',
    // An organisation's directory holds tokens (their hash only) that see its members alone, and
    // keeps on each membership what it said of the person (server/scim/, docs/federation.md).
    sql: `
      CREATE TABLE scim_tokens (
        token_hash text PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX scim_tokens_organization ON scim_tokens (organization_id);
      ALTER TABLE memberships ADD COLUMN external_id text;
      ALTER TABLE memberships ADD COLUMN given_name text;
      ALTER TABLE memberships ADD COLUMN family_name text;
    `,
  },
  {
    id: 26,
    name: 'a pending sign-in knows its password again',
    // The code step's login carries the password again (flows 4.5): a MAC of it, keyed by the
    // value only the browser holds, proves it without a second argon2id
    // (docs/decisions/0010-pending-sign-in.md, "The password sent again with the code").
    sql: `
      ALTER TABLE pending_sign_ins ADD COLUMN password_mac text;
    `,
  },
];

export async function migrate(db: Database, list: readonly Migration[] = migrations): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(727274001)`);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await tx.query<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => row.id));
    const applied: number[] = [];
    for (const migration of [...list].sort((a, b) => a.id - b.id)) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
      applied.push(migration.id);
    }
    return applied;
  });
}
