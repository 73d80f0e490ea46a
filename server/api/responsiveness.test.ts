/**
 * The server keeps answering while it does the heavy work of others: nothing that costs more than a
 * few milliseconds runs on the thread that answers requests.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { LIMITS } from '../auth/rate-limit';
import { isGuessableWith } from '../auth/guessable-passwords';
import { ownWords } from '../auth/known-passwords';

/** Look-alike characters in a pattern that makes the known-password check try many readings. */
const CRAFTED = '4@8(6|3#!1|0$5+7%2'.repeat(4).slice(0, 64);
const SIGN_INS = 6;
/** New-device alerts of one person coming due at once: 16,000 sign-ins without the device cookie. */
const ALERT_BACKLOG = 16_000;

/**
 * How long this thread's event loop was busy while `work` ran: time in which it answered no one.
 * Busy time rather than a request's wait, so that other processes' load on the machine does not count.
 */
async function busyWhile<T>(work: () => Promise<T>): Promise<{ busy: number; result: T }> {
  const before = performance.eventLoopUtilization();
  const result = await work();
  return { busy: performance.eventLoopUtilization(before).active, result };
}

/**
 * The CPU time this process spent in each turn of its event loop while `work` ran, and in all of
 * them: a turn is what runs between two ticks of a 1 ms timer, and a request that comes meanwhile waits for it.
 * CPU time rather than a request's wait, so that other processes' load on the machine does not count.
 */
async function turnsWhile(work: Promise<unknown>): Promise<{ longest: number; total: number }> {
  let done = false;
  let longest = 0;
  let total = 0;
  let last = process.cpuUsage();
  const tick = () => {
    const now = process.cpuUsage();
    const ms = (now.user - last.user + now.system - last.system) / 1000;
    last = now;
    longest = Math.max(longest, ms);
    total += ms;
    if (!done) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  await work.finally(() => (done = true));
  return { longest, total };
}

// On PostgreSQL, where statements run in the database's own processes; PGlite's run on this thread
// (docs/decisions/0003-pglite-embedded-default.md), so every sign-in's statements take their turn there.
const postgres = testDatabases.filter((target) => target.name === 'PostgreSQL');

describe.each(postgres)('the thread that answers requests, on $name', (target) => {
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

  it('sends a backlog of alerts coming due at once over many turns of the event loop, none holding an eighth of the work, and gathers all but the cap into one digest', async () => {
    const { id, email } = await createUser(api.db, { email: 'many.devices@example.com', password: 'Correct-Horse-9', contexts: ['acme'] });
    await api.db.query(
      `INSERT INTO mail_queue (kind, params) SELECT 'account-alert', jsonb_build_object('userId', $1::text, 'event', 'new-device',
         'device', jsonb_build_object('browser', 'Firefox', 'system', 'Linux')) FROM generate_series(1, $2)`,
      [id, ALERT_BACKLOG],
    );
    const turns = await turnsWhile(api.services.mail.drain());
    await api.services.mail.drain();
    const sent = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_queue WHERE kind = 'account-alert' AND recipient = $1", [email]);
    expect(sent).toEqual([{ n: LIMITS.alertsPerRecipient.max }]);
    const digest = await api.db.query<{ count: number }>(
      "SELECT (params->>'count')::int AS count FROM mail_queue WHERE kind = 'account-alert-digest' AND params->>'userId' = $1 AND sent_at IS NULL",
      [id],
    );
    // No event is dropped: every alert past the cap is counted in the one digest waiting for the window's end.
    expect(digest).toEqual([{ count: ALERT_BACKLOG - LIMITS.alertsPerRecipient.max }]);
    // Gathered a thousand at a time (server/auth/alert-digest.ts), the backlog takes many turns;
    // gathered all at once, one turn holds a fifth of the work or more.
    expect(turns.longest).toBeLessThan(turns.total / 8);
  }, 120_000);

  it('keeps the thread that answers requests free while a burst of sign-ins with a crafted password is judged: busy for less than what judging one of them there costs', async () => {
    const people = Array.from({ length: SIGN_INS }, (_, person) => `crafted.${person}@example.com`);
    const signIns = () => Promise.all(people.map((email) => login(api.app, { email, password: CRAFTED })));
    const judging = await busyWhile(signIns);
    for (const answer of judging.result) expect(answer.statusCode).toBe(200);
    // Each was judged: a password not known is recorded so, and is not judged again.
    const judged = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email LIKE 'crafted.%' AND password_checked_with IS NOT NULL");
    expect(judged).toEqual([{ n: SIGN_INS }]);
    // The floor, in the same run: the same sign-ins once more, with nothing left to judge.
    const floor = await busyWhile(signIns);
    for (const answer of floor.result) expect(answer.statusCode).toBe(200);
    // What judging them would cost this thread, under the machine's load of the moment.
    await isGuessableWith('Warm-the-lists-1', []);
    const owner = (email: string) => ownWords({ email, organisations: [{ context: 'acme', name: 'Acme' }] });
    const there = await busyWhile(async () => {
      for (const email of people) await isGuessableWith(CRAFTED, owner(email));
    });
    expect(judging.busy - floor.busy).toBeLessThan(there.busy / SIGN_INS);
  });
});
