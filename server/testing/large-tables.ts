/**
 * The rows of a large database (large-database.ts), table by table, as one INSERT … SELECT over a
 * range of row numbers `i` ($1 to $2): every key is a function of a row number (a user is
 * md5('user:' || i)), so any range can be written on its own and a row of one table names rows
 * of another without reading them. Times follow the row number, as a table filled over time has
 * them, and lie within what the sweep keeps (server/maintenance.ts).
 */
import { accountKey } from '../auth/login-throttle';

/** Rows of each seeded table. */
export interface LargeSizes {
  organizations: number;
  organization_domains: number;
  users: number;
  memberships: number;
  terms_acceptances: number;
  sessions: number;
  audit_log: number;
  mail_queue: number;
  known_devices: number;
  login_addresses: number;
  recovery_codes: number;
  one_time_tokens: number;
  revoked_tokens: number;
  rate_counters: number;
  oidc_payloads: number;
  oidc_sign_ins: number;
  oidc_grant_orgs: number;
  oidc_app_sign_ins: number;
  account_alerts: number;
  passkeys: number;
}

export type SeededTable = keyof LargeSizes;

/** What the rows are like beyond their numbers. */
export interface SeedShape {
  /** One mail in this many was given up (failed), the rest sent. */
  givenUpMailEvery: number;
}

/** A table's statement; `users` also takes the TOTP secrets of its range as $4 (row numbers) and $5 (stored secrets). */
export interface TableSeed {
  table: SeededTable;
  sql: (sizes: LargeSizes, shape: SeedShape) => string;
}

const integer = (value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a row count: ${value}`);
  return String(value);
};

export const userId = (row: string) => `md5('user:' || (${row}))::uuid`;
const orgId = (row: string) => `md5('org:' || (${row}))::uuid`;
const sessionId = (row: string) => `md5('session:' || (${row}))::uuid`;
/** User i's address, at the domain of their organisation (i modulo the organisations). */
const email = (row: string, s: LargeSizes) => `'user' || (${row}) || '@org' || ((${row}) % ${integer(s.organizations)}) || '.example'`;
const context = (row: string, s: LargeSizes) => `'org' || ((${row}) % ${integer(s.organizations)})`;
/** A distinct IPv4 address for each row number below 2^24. */
const address = (row: string) => `'10.' || ((${row}) / 65536 % 256) || '.' || ((${row}) / 256 % 256) || '.' || ((${row}) % 256)`;
/** From `span` ago (row 0) to now (the last row). */
const spread = (row: string, rows: number, span: string) => `now() - interval '${span}' * (1 - (${row})::float8 / ${integer(Math.max(rows, 1))})`;
const sha256Hex = (text: string) => `encode(sha256(convert_to(${text}, 'UTF8')), 'hex')`;
const range = 'generate_series($1::bigint, $2::bigint) AS i';
/**
 * Row i's session among `rows` rows that each name one: spread over all the sessions, so over all
 * their times, and a different one for each row while there are at least as many sessions.
 */
const spreadSession = (s: LargeSizes, rows: number) => `(i * ${integer(Math.max(1, Math.floor(s.sessions / Math.max(rows, 1))))}) % ${integer(s.sessions)}`;
/** The key prefix of an e-mail's failed sign-ins, as an SQL literal. */
const ACCOUNT_PREFIX = `'${accountKey('').replaceAll("'", "''")}'`;

const BROWSERS = `ARRAY['Chrome 131', 'Mobile Safari 17', 'Firefox 133', 'Edge 131', 'Safari 18', 'Chrome Mobile 131']`;
const SYSTEMS = `ARRAY['Windows 10', 'iOS 17.5', 'Ubuntu', 'Windows 11', 'macOS 14.6', 'Android 14']`;

export const TABLE_SEEDS: readonly TableSeed[] = [
  {
    table: 'organizations',
    // One in twenty signs in through SAML only, one in twenty offers both; one in five requires MFA.
    sql: (s) => `
      INSERT INTO organizations (id, context, name, logo, sso_mode, saml_entry_point, saml_idp_issuer, saml_idp_cert, mfa_policy,
        terms_version, terms_content, default_language, created_at)
      SELECT ${orgId('i')}, 'org' || i, 'Organisation ' || i, 'https://cdn.example.com/logos/org' || i || '.png',
        CASE i % 20 WHEN 0 THEN 'SAML_ONLY' WHEN 1 THEN 'LOGIN_SAML' ELSE 'NOT_SET' END,
        CASE WHEN i % 20 < 2 THEN 'https://idp.org' || i || '.example/sso' END,
        CASE WHEN i % 20 < 2 THEN 'urn:idp:org' || i END,
        CASE WHEN i % 20 < 2 THEN repeat('MIIC', 200) END,
        CASE WHEN i % 5 = 0 THEN 'REQUIRED' ELSE 'OPTIONAL' END,
        1, jsonb_build_object('en', 'https://org' || i || '.example/terms.pdf||https://org' || i || '.example/privacy.pdf'),
        (ARRAY['en', 'de', 'fr', 'it'])[1 + i % 4], ${spread('i', s.organizations, '3 years')}
      FROM ${range}`,
  },
  {
    table: 'organization_domains',
    sql: () => `INSERT INTO organization_domains (domain, organization_id) SELECT 'org' || i || '.example', ${orgId('i')} FROM ${range}`,
  },
  {
    table: 'users',
    // The members of SAML-only organisations have no password.
    sql: (s) => `
      INSERT INTO users (id, email, password_hash, language, totp_secret, totp_set_at, totp_set_via, created_at)
      SELECT ${userId('i')}, ${email('i', s)}, CASE WHEN i % ${integer(s.organizations)} % 20 = 0 THEN NULL ELSE $3 END,
        (ARRAY['en', 'en', 'de', 'fr', 'it'])[1 + i % 5],
        t.secret, CASE WHEN t.secret IS NOT NULL THEN created.at END, CASE WHEN t.secret IS NOT NULL THEN 'enrolment' END, created.at
      FROM ${range}
      CROSS JOIN LATERAL (SELECT ${spread('i', s.users, '3 years')} AS at) AS created
      LEFT JOIN unnest($4::bigint[], $5::text[]) AS t(n, secret) ON t.n = i`,
  },
  {
    table: 'memberships',
    // Each user in their organisation; the rows past the users put one user in twenty in a second one.
    sql: (s) => {
      const [users, organizations] = [integer(s.users), integer(s.organizations)];
      return `
      INSERT INTO memberships (user_id, organization_id, enabled)
      SELECT ${userId('m.u')}, ${orgId('m.o')}, i % 50 <> 49
      FROM ${range}
      CROSS JOIN LATERAL (SELECT CASE WHEN i < ${users} THEN i ELSE ((i - ${users}) * 20 + 3) % ${users} END AS u) AS who
      CROSS JOIN LATERAL (SELECT who.u AS u, CASE WHEN i < ${users} THEN who.u % ${organizations} ELSE (who.u + 1) % ${organizations} END AS o) AS m`;
    },
  },
  {
    table: 'terms_acceptances',
    sql: (s) => `
      INSERT INTO terms_acceptances (user_id, context, version, accepted_at)
      SELECT ${userId(`i % ${integer(s.users)}`)}, ${context(`i % ${integer(s.users)}`, s)}, 1 + i / ${integer(s.users)}, ${spread('i', s.terms_acceptances, '2 years')}
      FROM ${range}`,
  },
  {
    table: 'sessions',
    // Created over 31 days and lasting 30, so one in thirty-one has expired; one in thirty-three was
    // signed out in the last two days, half of those by a Logout.
    sql: (s) => `
      INSERT INTO sessions (id, user_id, generation, created_at, last_active_at, expires_at, ended_at, ended_by_logout, browser, system, address, device_hash)
      SELECT ${sessionId('i')}, ${userId(`i % ${integer(s.users)}`)}, 0, c.at, c.at + (now() - c.at) * random(), c.at + interval '30 days',
        CASE WHEN i % 33 = 7 THEN greatest(c.at, now() - interval '2 days' * random()) END, i % 66 = 7,
        (${BROWSERS})[1 + i % 6], (${SYSTEMS})[1 + i % 6], '203.0.' || (i % 256) || '.*',
        ${sha256Hex(`'device:' || (i % ${integer(s.users)}) || ':' || (i / ${integer(s.users)} % 3)`)}
      FROM ${range} CROSS JOIN LATERAL (SELECT ${spread('i', s.sessions, '31 days')} AS at) AS c`,
  },
  {
    table: 'audit_log',
    // 89 days of events (the retention is 90); a failed sign-in of an unknown e-mail has no user.
    sql: (s) => `
      INSERT INTO audit_log (at, event, user_id, context, client_address, detail)
      SELECT ${spread('i', s.audit_log, '89 days')},
        (ARRAY['login.succeeded', 'login.succeeded', 'login.succeeded', 'login.succeeded', 'login.failed', 'logout',
          'session.signed_out', 'terms.accepted', 'password.reset_requested', 'mfa.enabled'])[1 + i % 10],
        CASE WHEN i % 30 = 4 THEN NULL ELSE ${userId('who.u')} END, ${context('who.u', s)}, ${address('i')},
        CASE i % 10 WHEN 6 THEN '{"which": "others", "count": 1}'::jsonb WHEN 4 THEN '{"reason": "password"}'::jsonb ELSE '{}'::jsonb END
      FROM ${range} CROSS JOIN LATERAL (SELECT (i * 7919) % ${integer(s.users)} AS u) AS who`,
  },
  {
    table: 'mail_queue',
    // Three days of mail, all sent through SMTP (no copy kept) but those given up; none due.
    sql: (s, shape) => `
      INSERT INTO mail_queue (kind, params, created_at, next_attempt_at, attempts, recipient_counted, sent_at, failed_at, last_error, recipient)
      SELECT k.kind,
        CASE k.kind WHEN 'account-alert' THEN jsonb_build_object('userId', ${userId('m.u')}, 'event', 'new-device',
                                                'device', jsonb_build_object('browser', 'Chrome 131', 'system', 'Windows 10'))
                    WHEN 'invitation' THEN jsonb_build_object('userId', ${userId('m.u')}, 'context', ${context('m.u', s)}, 'language', 'en')
                    ELSE jsonb_build_object('email', k.email, 'language', 'en', 'clientAddress', ${address('i')}) END,
        m.at, m.at, 1, true,
        CASE WHEN m.failed THEN NULL ELSE m.at + interval '2 seconds' END,
        CASE WHEN m.failed THEN m.at + interval '3 seconds' END,
        CASE WHEN m.failed THEN 'A mail goes to one e-mail address.' END,
        CASE WHEN NOT m.failed THEN k.email END
      FROM ${range}
      CROSS JOIN LATERAL (SELECT ${spread('i', s.mail_queue, '3 days')} - interval '1 minute' AS at, i % ${integer(shape.givenUpMailEvery)} = ${integer(shape.givenUpMailEvery - 1)} AS failed,
                                 (i * 104729) % ${integer(s.users)} AS u) AS m
      CROSS JOIN LATERAL (SELECT (ARRAY['signup-link', 'reset-link', 'account-alert', 'invitation', 'reset-link'])[1 + i % 5] AS kind,
                                 ${email('m.u', s)} AS email) AS k`,
  },
  {
    table: 'known_devices',
    sql: (s) => `
      INSERT INTO known_devices (user_id, device_hash, last_seen)
      SELECT ${userId(`i % ${integer(s.users)}`)}, ${sha256Hex(`'device:' || (i % ${integer(s.users)}) || ':' || (i / ${integer(s.users)})`)},
        now() - interval '60 days' * random()
      FROM ${range}`,
  },
  {
    table: 'login_addresses',
    sql: (s) => `
      INSERT INTO login_addresses (email_key, address, last_success)
      SELECT lower(${email(`i % ${integer(s.users)}`, s)}), ${address('i')}, now() - interval '60 days' * random() FROM ${range}`,
  },
  {
    table: 'recovery_codes',
    // Ten for each user with TOTP (one in ten), a few used.
    sql: (s) => `
      INSERT INTO recovery_codes (user_id, code_hash, used_at)
      SELECT ${userId(`((i / 10) * 10 + 5) % ${integer(s.users)}`)}, ${sha256Hex(`'code:' || i`)},
        CASE WHEN i % 10 = 0 THEN now() - interval '100 days' * random() END
      FROM ${range}`,
  },
  {
    table: 'one_time_tokens',
    // Reset links last an hour and invitations a week; one in twenty has expired, one in three was used.
    sql: (s) => `
      INSERT INTO one_time_tokens (id, token_hash, user_id, purpose, expires_at, used_at)
      SELECT md5('link:' || i)::uuid, ${sha256Hex(`'link:' || i`)}, ${userId(`(i * 50) % ${integer(s.users)}`)},
        CASE WHEN i % 2 = 0 THEN 'reset' ELSE 'invitation' END,
        CASE WHEN i % 20 = 0 THEN now() - interval '1 hour' * random()
             WHEN i % 2 = 0 THEN now() + interval '1 hour' * random() ELSE now() + interval '7 days' * random() END,
        CASE WHEN i % 3 = 0 THEN now() - interval '1 hour' * random() END
      FROM ${range}`,
  },
  {
    table: 'revoked_tokens',
    sql: () => `
      INSERT INTO revoked_tokens (jti, expires_at)
      SELECT md5('revoked:' || i)::uuid, now() + interval '30 days' * random() - CASE WHEN i % 30 = 0 THEN interval '1 day' ELSE interval '0' END
      FROM ${range}`,
  },
  {
    table: 'rate_counters',
    // Windows of addresses and mailboxes under way, and failure counts of e-mails from the last day.
    sql: (s) => `
      INSERT INTO rate_counters (key, count, window_end)
      SELECT CASE i % 4 WHEN 0 THEN 'login-failures:' || ${address('i')} WHEN 1 THEN 'register:' || ${address('i')}
                        WHEN 2 THEN 'mails-to:' || ${email(`i % ${integer(s.users)}`, s)}
                        ELSE ${ACCOUNT_PREFIX} || ${email(`i % ${integer(s.users)}`, s)} END,
        1 + i % 5,
        CASE WHEN i % 4 = 3 THEN now() - interval '20 hours' * random() ELSE now() + interval '15 minutes' * random() END
      FROM ${range}`,
  },
  {
    table: 'oidc_payloads',
    // What the OpenID Provider keeps of apps' sign-ins: sessions, grants, tokens and interactions.
    sql: (s) => `
      INSERT INTO oidc_payloads (model, id, payload, grant_id, uid, expires_at, front_door_session)
      SELECT p.model, md5('oidc:' || i),
        jsonb_build_object('accountId', ${userId(`i % ${integer(s.users)}`)}, 'clientId', 'notes', 'kind', p.model, 'jti', md5('oidc:' || i)),
        CASE WHEN p.model IN ('Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode') THEN md5('grant:' || (i / 6)) END,
        CASE WHEN p.model IN ('Session', 'Interaction') THEN md5('uid:' || i) END,
        now() + interval '14 days' * random(),
        CASE WHEN p.model = 'RefreshToken' THEN ${sessionId(spreadSession(s, s.oidc_payloads))} END
      FROM ${range}
      CROSS JOIN LATERAL (SELECT (ARRAY['Session', 'Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode', 'Interaction'])[1 + i % 6] AS model) AS p`,
  },
  {
    table: 'oidc_sign_ins',
    sql: (s) => `
      INSERT INTO oidc_sign_ins (provider_session, session_id, user_id, org, expires_at, linked_at)
      SELECT md5('provider-session:' || i), ${sessionId(spreadSession(s, s.oidc_sign_ins))}, ${userId(`${spreadSession(s, s.oidc_sign_ins)} % ${integer(s.users)}`)},
        ${context(`i % ${integer(s.users)}`, s)}, now() + interval '14 days' * random(), now() - interval '1 day' * random()
      FROM ${range}`,
  },
  {
    table: 'oidc_grant_orgs',
    sql: (s) => `
      INSERT INTO oidc_grant_orgs (grant_id, org, expires_at)
      SELECT md5('grant:' || i), ${context(`i % ${integer(s.users)}`, s)}, now() + interval '14 days' * random() FROM ${range}`,
  },
  {
    table: 'oidc_app_sign_ins',
    sql: (s) => `
      INSERT INTO oidc_app_sign_ins (session_id, client_id, user_id, expires_at)
      SELECT ${sessionId(spreadSession(s, s.oidc_app_sign_ins))}, 'notes', ${userId(`${spreadSession(s, s.oidc_app_sign_ins)} % ${integer(s.users)}`)},
        now() + interval '14 days' * random()
      FROM ${range}`,
  },
  {
    table: 'account_alerts',
    sql: (s) => `
      INSERT INTO account_alerts (token_hash, user_id, event, happened_at, expires_at)
      SELECT ${sha256Hex(`'alert:' || i`)}, ${userId(`(i * 100) % ${integer(s.users)}`)}, 'new-device',
        now() - interval '7 days' * random(), now() + interval '7 days' * random()
      FROM ${range}`,
  },
  {
    table: 'passkeys',
    sql: (s) => `
      INSERT INTO passkeys (id, user_id, public_key, counter, transports, device_type, backed_up, name, created_at, last_used_at)
      SELECT md5('passkey:' || i), ${userId(`(i * 20 + 2) % ${integer(s.users)}`)}, repeat(md5('key:' || i), 3), 0, '["internal", "hybrid"]',
        'multiDevice', true, 'iCloud Keychain', now() - interval '300 days' * random(), now() - interval '30 days' * random()
      FROM ${range}`,
  },
];
