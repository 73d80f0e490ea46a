import { describe, expect, it } from 'vitest';
import { testDatabases, useTestDatabases } from './testing/databases';
import { sweepExpired } from './maintenance';
import { DELETE_BATCH, deleteInBatches } from './db/batched-delete';
import { createOrganization, createUser } from './admin/operations';

describe.each(testDatabases)('sweeping expired rows on $name', (target) => {
  const open = useTestDatabases(target);

  it('deletes what has expired and keeps what still counts', async () => {
    const { db } = await open();
    await createOrganization(db, { context: 'acme', name: 'Acme' });
    const user = await createUser(db, { email: 'ada@example.com', contexts: ['acme'] });
    await db.query(
      `INSERT INTO revoked_tokens (jti, expires_at) VALUES (gen_random_uuid(), now() - interval '1 minute'), (gen_random_uuid(), now() + interval '1 hour')`,
    );
    await db.query(
      `INSERT INTO one_time_tokens (id, token_hash, user_id, purpose, expires_at) VALUES
         (gen_random_uuid(), 'a', $1, 'reset', now() - interval '1 minute'), (gen_random_uuid(), 'b', $1, 'reset', now() + interval '1 hour')`,
      [user.id],
    );
    await db.query(`INSERT INTO rate_counters (key, count, window_end) VALUES
      ('register:10.0.0.1', 3, now() - interval '1 second'),
      ('register:10.0.0.2', 3, now() + interval '1 minute'),
      ('login-account:quiet@example.com', 7, now() - interval '2 days'),
      ('login-account:recent@example.com', 7, now() - interval '1 hour'),
      ('login-account:locked@example.com', 100, now() - interval '30 days')`);
    await db.query(`INSERT INTO mail_queue (kind, recipient, subject, sent_at, failed_at) VALUES
      ('test', 'a@example.com', 'old', now() - interval '8 days', NULL), ('test', 'a@example.com', 'new', now(), NULL),
      ('test', 'a@example.com', 'given up', NULL, now() - interval '8 days'), ('test', 'a@example.com', 'waiting', NULL, NULL)`);
    await db.query(
      `INSERT INTO account_alerts (token_hash, user_id, event, happened_at, expires_at) VALUES
         ('expired', $1, 'passkey-added', now(), now() - interval '1 second'), ('open', $1, 'passkey-added', now(), now() + interval '1 day')`,
      [user.id],
    );
    await db.query(`INSERT INTO spent_passkey_challenges (challenge_hash, expires_at) VALUES
      ('expired', now() - interval '1 second'), ('live', now() + interval '4 minutes')`);

    await db.query(`INSERT INTO login_addresses (email_key, address, last_success) VALUES
      ('ada@example.com', '10.0.0.1', now() - interval '91 days'), ('ada@example.com', '10.0.0.2', now() - interval '89 days')`);

    await db.query(`INSERT INTO audit_log (event, at, client_address) VALUES
      ('login.succeeded', now() - interval '91 days', '10.0.0.1'), ('login.succeeded', now() - interval '89 days', '10.0.0.2')`);
    await db.query(
      `INSERT INTO pending_sign_ins (id_hash, user_id, session_generation, expires_at) VALUES
         ('expired', $1, 0, now() - interval '1 second'), ('waiting', $1, 0, now() + interval '4 minutes')`,
      [user.id],
    );

    await sweepExpired(db, { auditRetentionDays: 90 });

    expect(await db.query('SELECT count(*)::int AS n FROM revoked_tokens')).toEqual([{ n: 1 }]);
    expect(await db.query('SELECT token_hash FROM one_time_tokens')).toEqual([{ token_hash: 'b' }]);
    expect((await db.query<{ key: string }>('SELECT key FROM rate_counters ORDER BY key')).map((row) => row.key)).toEqual([
      'login-account:locked@example.com',
      'login-account:recent@example.com',
      'register:10.0.0.2',
    ]);
    expect(await db.query('SELECT subject FROM mail_queue ORDER BY id')).toEqual([{ subject: 'new' }, { subject: 'waiting' }]);
    expect(await db.query('SELECT token_hash FROM account_alerts')).toEqual([{ token_hash: 'open' }]);
    expect(await db.query('SELECT challenge_hash FROM spent_passkey_challenges')).toEqual([{ challenge_hash: 'live' }]);
    expect(await db.query('SELECT address FROM login_addresses')).toEqual([{ address: '10.0.0.2' }]);
    expect(await db.query('SELECT client_address FROM audit_log')).toEqual([{ client_address: '10.0.0.2' }]);
    expect(await db.query('SELECT id_hash FROM pending_sign_ins')).toEqual([{ id_hash: 'waiting' }]);
  });

  it('keeps an expired session an app’s refresh token stands on until the token expires, set aside from the next passes, then deletes it', async () => {
    const { db } = await open();
    const user = await createUser(db, { email: 'ada@example.com' });
    const session = (name: string, expires: string) =>
      db.query<{ id: string }>(
        `INSERT INTO sessions (id, user_id, generation, expires_at, browser, system, address) VALUES (gen_random_uuid(), $1, 0, now() + $2::interval, $3, '', '')
         RETURNING id`,
        [user.id, expires, name],
      );
    const [held] = await session('held', '-2 days');
    await session('expired', '-2 days');
    await session('live', '1 day');
    await db.query(
      `INSERT INTO oidc_payloads (model, id, payload, expires_at, front_door_session) VALUES
         ('RefreshToken', 'kept', '{}', now() + interval '10 days', $1),
         ('RefreshToken', 'spent', '{}', now() - interval '1 day', $1)`,
      [held!.id],
    );
    const sessions = () => db.query<{ browser: string; kept: boolean }>(`SELECT browser, kept_until IS NOT NULL AS kept FROM sessions ORDER BY browser`);

    await sweepExpired(db, { auditRetentionDays: 90 });
    expect(await sessions()).toEqual([
      { browser: 'held', kept: true },
      { browser: 'live', kept: false },
    ]);
    // Set aside until its last refresh token expires: the next walk of expired sessions starts past it.
    const [aside] = await db.query<{ exact: boolean }>(
      `SELECT kept_until = (SELECT expires_at FROM oidc_payloads WHERE id = 'kept') AS exact FROM sessions WHERE browser = 'held'`,
    );
    expect(aside?.exact).toBe(true);
    const [walked] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE greatest(expires_at, kept_until) < now()`);
    expect(walked?.n).toBe(0);

    // Ten days on, the token has expired: the session goes at the next pass.
    await db.query(`UPDATE oidc_payloads SET expires_at = now() - interval '1 second'`);
    await db.query(`UPDATE sessions SET kept_until = now() - interval '1 second' WHERE browser = 'held'`);
    await sweepExpired(db, { auditRetentionDays: 90 });
    expect(await sessions()).toEqual([{ browser: 'live', kept: false }]);
  });

  it('keeps audit rows as long as AUDIT_RETENTION_DAYS says', async () => {
    const { db } = await open();
    await db.query(`INSERT INTO audit_log (event, at, client_address) VALUES
      ('logout', now() - interval '8 days', 'old'), ('logout', now() - interval '6 days', 'recent'), ('logout', now(), 'now')`);
    await sweepExpired(db, { auditRetentionDays: 365 });
    expect(await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).toEqual([{ n: 3 }]);
    await sweepExpired(db, { auditRetentionDays: 7 });
    expect((await db.query<{ client_address: string }>('SELECT client_address FROM audit_log ORDER BY at')).map((row) => row.client_address)).toEqual([
      'recent',
      'now',
    ]);
  });

  it('deletes a backlog many times larger than one statement deletes, a batch at a time, and leaves what is live', async () => {
    const { db } = await open();
    const backlog = 2 * DELETE_BATCH + 17;
    await db.query(`INSERT INTO revoked_tokens (jti, expires_at) SELECT gen_random_uuid(), now() - interval '1 minute' FROM generate_series(1, $1)`, [backlog]);
    await db.query(`INSERT INTO revoked_tokens (jti, expires_at) VALUES (gen_random_uuid(), now() + interval '1 hour')`);
    expect(await deleteInBatches(db, 'revoked_tokens', 'expires_at', 'expires_at < now()')).toBe(backlog);
    expect(await db.query('SELECT count(*)::int AS n FROM revoked_tokens')).toEqual([{ n: 1 }]);
  });
});
