/**
 * The server keeps answering while it does the heavy work of others: nothing that costs more than a
 * few milliseconds runs on the thread that answers requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';

/** Look-alike characters in a pattern that makes the known-password check try many readings. */
const CRAFTED = '4@8(6|3#!1|0$5+7%2'.repeat(4).slice(0, 64);
const SIGN_INS = 6;

/** The slowest of /api/health's answers, asked every few milliseconds until `work` ends. */
async function slowestHealthWhile(api: Api, work: Promise<unknown>): Promise<number> {
  let done = false;
  void work.finally(() => (done = true));
  let slowest = 0;
  while (!done) {
    const started = performance.now();
    expect((await call(api.app, { method: 'GET', url: '/health' })).statusCode).toBe(200);
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return slowest;
}

// On PostgreSQL, where statements run in the database's own processes; PGlite's run on this thread
// (docs/decisions/0003-pglite-embedded-default.md), so every sign-in's statements take their turn there.
const postgres = testDatabases.filter((target) => target.name === 'PostgreSQL');

describe.each(postgres)('answering while others sign in, on $name', (target) => {
  let api: Api;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    for (let person = 0; person < SIGN_INS; person += 1)
      await createUser(api.db, { email: `crafted.${person}@example.com`, password: CRAFTED, contexts: ['acme'] });
    // The password worker is started and its lists loaded, as on a server that has signed people in.
    await createUser(api.db, { email: 'warm@example.com', password: 'Welcome2024', contexts: ['acme'] });
    await login(api.app, { email: 'warm@example.com', password: 'Welcome2024' });
  });
  afterAll(() => api.close());

  it('answers /api/health within 50 ms during a burst of sign-ins with a crafted password that is judged', async () => {
    const burst = Promise.all(Array.from({ length: SIGN_INS }, (_, person) => login(api.app, { email: `crafted.${person}@example.com`, password: CRAFTED })));
    const slowest = await slowestHealthWhile(api, burst);
    for (const answer of await burst) expect(answer.statusCode).toBe(200);
    // Each was judged: a password not known is recorded so, and is not judged again.
    const judged = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email LIKE 'crafted.%' AND password_checked_with IS NOT NULL");
    expect(judged).toEqual([{ n: SIGN_INS }]);
    expect(slowest).toBeLessThan(50);
  });
});
