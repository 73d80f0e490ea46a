import { describe, expect, it } from 'vitest';
import { testDatabases, useTestDatabases } from '../testing/databases';
import { createRequestStore } from './request-store';
import { recordAssertionUse } from './used-assertions';

describe.each(testDatabases)('single use of SAML requests and assertions on $name', (target) => {
  const open = useTestDatabases(target);

  it('keeps a request with its returnTo for its organisation only', async () => {
    const { db } = await open();
    await createRequestStore(db, 'acme', { returnTo: '/login?app=portal' }).saveAsync('_r1', new Date().toISOString());
    expect(await createRequestStore(db, 'acme').getAsync('_r1')).not.toBeNull();
    expect(await createRequestStore(db, 'beta').getAsync('_r1')).toBeNull();
    expect(await createRequestStore(db, 'beta').take('_r1')).toBeUndefined();
    expect(await createRequestStore(db, 'acme').take('_r1')).toEqual({ id: '_r1', returnTo: '/login?app=portal' });
  });

  it('gives a request to one taker only, even when two instances take it at once', async () => {
    const first = await open();
    const second = target.name === 'PostgreSQL' ? await open(first.schema) : first;
    await createRequestStore(first.db, 'acme').saveAsync('_r2', new Date().toISOString());
    const [a, b] = [createRequestStore(first.db, 'acme'), createRequestStore(second.db, 'acme')];
    const taken = await Promise.all([a.take('_r2'), b.take('_r2')]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    // The store that took it keeps saying so (node-saml's removeAsync, then the consumer's take).
    const winner = taken[0] ? a : b;
    expect(await winner.take('_r2')).toBeDefined();
    expect(await winner.getAsync('_r2')).toBeNull();
  });

  it('does not answer for an expired request', async () => {
    const { db } = await open();
    await db.query(`INSERT INTO saml_requests (id, context, expires_at) VALUES ('_old', 'acme', now() - interval '1 second')`);
    const store = createRequestStore(db, 'acme');
    expect(await store.getAsync('_old')).toBeNull();
    expect(await store.take('_old')).toBeUndefined();
  });

  it('records an assertion as used once, even when two instances record it at once', async () => {
    const first = await open();
    const second = target.name === 'PostgreSQL' ? await open(first.schema) : first;
    const until = new Date(Date.now() + 60_000);
    const results = await Promise.all([recordAssertionUse(first.db, 'acme', '_a1', until), recordAssertionUse(second.db, 'acme', '_a1', until)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await recordAssertionUse(first.db, 'beta', '_a1', until)).toBe(true);
  });
});
