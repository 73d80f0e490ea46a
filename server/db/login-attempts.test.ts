import { describe, expect, it } from 'vitest';
import { testDatabases, useTestDatabases } from '../testing/databases';
import { createOrganization, createUser } from '../admin/operations';
import type { Database } from './database-types';
import { claimAttempt, claimPasswordAttempt, settleSuccessfulAttempt, type AttemptClaim } from './login-attempts';

const claimOf = (email: string, overrides: Partial<AttemptClaim> = {}): AttemptClaim => ({
  counterKey: 'login-failures:10.1.0.1',
  windowSeconds: 900,
  maxPerAddress: 3,
  email,
  address: '10.1.0.1',
  knownDays: 90,
  accountKey: `login-account:${email}`,
  knownAddressKey: `login-account:${email} 10.1.0.1`,
  delays: { lockAfter: 100, free: 5, maxDelaySeconds: 900 },
  ...overrides,
});

const counts = async (db: Database) =>
  Object.fromEntries((await db.query<{ key: string; count: number }>('SELECT key, count FROM rate_counters')).map((row) => [row.key, row.count]));

describe.each(testDatabases)('the statements of a sign-in attempt on $name', (target) => {
  const open = useTestDatabases(target);

  it('claims a password attempt and reads the user with their enabled organisations, reserved contexts first, then by name', async () => {
    const { db } = await open();
    for (const [context, name] of [
      ['zeta', 'Zeta'],
      ['alpha', 'alpha'],
      ['meta', 'Meta'],
      ['closed', 'Closed'],
    ])
      await createOrganization(db, { context: context!, name: name!, enabled: context !== 'closed' });
    const user = await createUser(db, { email: 'Ada@example.com', contexts: ['zeta', 'alpha', 'meta', 'closed'] });

    const { claimed, user: read, organizations } = await claimPasswordAttempt(db, claimOf('ada@example.com'));

    expect(claimed).toEqual({ count: 1, remaining: expect.closeTo(900, 0), known: false, claimed: true });
    expect(read).toMatchObject({ id: user.id, email: 'Ada@example.com', session_generation: 0, totp_secret: null });
    expect(organizations.map((organization) => organization.context)).toEqual(['meta', 'alpha', 'zeta']);
    expect(organizations[0]).toMatchObject({ name: 'Meta', enabled: true, mfa_policy: 'OPTIONAL', terms_content: {} });
    expect(await counts(db)).toEqual({ 'login-failures:10.1.0.1': 1, 'login-account:ada@example.com': 1 });
  });

  it('claims the attempt of an unknown e-mail alike, with no user and no organisations', async () => {
    const { db } = await open();
    const { claimed, user, organizations } = await claimPasswordAttempt(db, claimOf('nobody@example.com'));
    expect(claimed).toMatchObject({ count: 1, known: false, claimed: true });
    expect(user).toBeUndefined();
    expect(organizations).toEqual([]);
  });

  it('claims no failure for the e-mail once the address is over its limit, and none while the e-mail must wait', async () => {
    const { db } = await open();
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await claimAttempt(db, claimOf('ada@example.com'))).claimed).toBe(true);
    expect(await claimAttempt(db, claimOf('ada@example.com'))).toMatchObject({ count: 4, claimed: false });
    expect((await counts(db))['login-account:ada@example.com']).toBe(3);

    const other = claimOf('bob@example.com', { counterKey: 'login-failures:10.1.0.2', address: '10.1.0.2', maxPerAddress: 30 });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await claimAttempt(db, other)).claimed).toBe(true);
    // The sixth consecutive failure waits a second after the fifth.
    expect((await claimAttempt(db, other)).claimed).toBe(false);
    expect((await counts(db))['login-account:bob@example.com']).toBe(5);
  });

  it('settles a success with its audit row: the failure forgiven, the address count given back, the address known from then on', async () => {
    const { db } = await open();
    const user = await createUser(db, { email: 'ada@example.com' });
    const claim = claimOf('ada@example.com');
    await claimAttempt(db, claim);
    await settleSuccessfulAttempt(
      db,
      { failureKey: claim.accountKey, counterKey: claim.counterKey, email: 'ADA@example.com', address: claim.address },
      { clientAddress: '10.1.0.1', event: 'login.succeeded', fields: { userId: user.id, detail: { mfa: false } } },
    );

    expect(await counts(db)).toEqual({ 'login-failures:10.1.0.1': 0 });
    expect(await db.query('SELECT event, user_id, client_address, detail FROM audit_log')).toEqual([
      { event: 'login.succeeded', user_id: user.id, client_address: '10.1.0.1', detail: { mfa: false } },
    ]);
    const next = await claimAttempt(db, claim);
    expect(next).toMatchObject({ known: true, claimed: true });
    expect((await counts(db))[claim.knownAddressKey]).toBe(1);
  });

  it('settles a success without an audit row when none is given', async () => {
    const { db } = await open();
    const claim = claimOf('ada@example.com');
    await claimAttempt(db, claim);
    await settleSuccessfulAttempt(db, { failureKey: claim.accountKey, counterKey: claim.counterKey, email: 'ada@example.com', address: claim.address });
    expect(await counts(db)).toEqual({ 'login-failures:10.1.0.1': 0 });
    expect(await db.query('SELECT 1 FROM login_addresses')).toHaveLength(1);
    expect(await db.query('SELECT 1 FROM audit_log')).toEqual([]);
  });
});
