/**
 * The server keeps answering while it does the heavy work of others: nothing that costs more than a
 * few milliseconds runs on the thread that answers requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { LIMITS } from '../auth/rate-limit';

/** Look-alike characters in a pattern that makes the known-password check try many readings. */
const CRAFTED = '4@8(6|3#!1|0$5+7%2'.repeat(4).slice(0, 64);
const SIGN_INS = 6;
/** New-device alerts of one person coming due at once: 4,000 sign-ins without the device cookie. */
const ALERT_BACKLOG = 4000;

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

  it('answers /api/health within 100 ms while a backlog of alerts comes due at once, and gathers all but the cap into one digest', async () => {
    const { id, email } = await createUser(api.db, { email: 'many.devices@example.com', password: 'Correct-Horse-9', contexts: ['acme'] });
    await api.db.query(
      `INSERT INTO mail_queue (kind, params) SELECT 'account-alert', jsonb_build_object('userId', $1::text, 'event', 'new-device',
         'device', jsonb_build_object('browser', 'Firefox', 'system', 'Linux')) FROM generate_series(1, $2)`,
      [id, ALERT_BACKLOG],
    );
    const slowest = await slowestHealthWhile(api, api.services.mail.drain());
    await api.services.mail.drain();
    const sent = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_queue WHERE kind = 'account-alert' AND recipient = $1", [email]);
    expect(sent).toEqual([{ n: LIMITS.alertsPerRecipient.max }]);
    const digest = await api.db.query<{ count: number }>(
      "SELECT (params->>'count')::int AS count FROM mail_queue WHERE kind = 'account-alert-digest' AND params->>'userId' = $1 AND sent_at IS NULL",
      [id],
    );
    // No event is dropped: every alert past the cap is counted in the one digest waiting for the window's end.
    expect(digest).toEqual([{ count: ALERT_BACKLOG - LIMITS.alertsPerRecipient.max }]);
    expect(slowest).toBeLessThan(100);
  }, 120_000);
});
