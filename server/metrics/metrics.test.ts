import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { TEST_DATABASE_URL, testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { freePort } from '../testing/processes';
import { startSmtpServer } from '../testing/smtp';
import { parsePrometheusText, valueOf, type Family } from '../testing/prometheus-text';
import { createOrganization, createUser } from '../admin/operations';
import { openDatabase } from '../db/database';
import { createMetrics } from './metrics';

const PASSWORD = 'Counted-Horse-9';

describe.each(testDatabases)('the metrics on their own port, on $name', (target) => {
  let api: Api;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let port: number;
  let counter = 0;

  beforeAll(async () => {
    port = await freePort();
    smtp = await startSmtpServer();
    api = await openApi(target, { METRICS_PORT: String(port), SMTP_URL: smtp.url });
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  async function user() {
    const email = `counted${++counter}@example.com`;
    await createUser(api.db, { email, password: PASSWORD, contexts: ['acme'] });
    return email;
  }

  async function scrape(): Promise<Map<string, Family>> {
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await answer.text());
  }

  /** How much a sample grew while `act` ran. */
  async function growth(name: string, labels: Record<string, string>, act: () => Promise<unknown>): Promise<number> {
    const before = valueOf(await scrape(), name, labels);
    await act();
    return valueOf(await scrape(), name, labels) - before;
  }

  it('counts a failed and a succeeded password sign-in by method and outcome', async () => {
    const email = await user();
    const before = await scrape();
    expect((await login(api.app, { email, password: 'Wrong-Horse-9' })).statusCode).toBe(400);
    expect((await login(api.app, { email, password: PASSWORD })).statusCode).toBe(200);
    const after = await scrape();
    const grew = (outcome: string) =>
      valueOf(after, 'frontdoor_sign_ins_total', { method: 'password', outcome }) -
      valueOf(before, 'frontdoor_sign_ins_total', { method: 'password', outcome });
    expect(grew('failed')).toBe(1);
    expect(grew('succeeded')).toBe(1);
    expect(grew('throttled')).toBe(0);
    // Each of the two waited its turn at the password hashes, however briefly.
    expect(valueOf(after, 'frontdoor_argon2_queue_wait_seconds_count') - valueOf(before, 'frontdoor_argon2_queue_wait_seconds_count')).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('counts a sign-in refused for too many failures as throttled, and its 429 as a refusal of the login route', async () => {
    const email = await user();
    const before = await scrape();
    let status = 0;
    for (let attempt = 0; attempt < 10 && status !== 429; attempt += 1) status = (await login(api.app, { email, password: 'Wrong-Horse-9' })).statusCode;
    expect(status).toBe(429);
    const after = await scrape();
    expect(
      valueOf(after, 'frontdoor_rate_limit_refusals_total', { route: '/api/login' }) -
        valueOf(before, 'frontdoor_rate_limit_refusals_total', { route: '/api/login' }),
    ).toBe(1);
    const throttled = { method: 'password', outcome: 'throttled' };
    expect(valueOf(after, 'frontdoor_sign_ins_total', throttled) - valueOf(before, 'frontdoor_sign_ins_total', throttled)).toBe(1);
  });

  it('times each answer under its route pattern and status class, never under the path asked for', async () => {
    const email = `looked.up${++counter}@example.com`;
    const labels = { method: 'GET', route: '/api/organization/:email/ssoMode', status_class: '2xx' };
    const grew = await growth('frontdoor_http_request_duration_seconds_count', labels, async () => {
      expect((await call(api.app, { method: 'GET', url: `/organization/${encodeURIComponent(email)}/ssoMode` })).statusCode).toBe(200);
    });
    expect(grew).toBe(1);
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    expect(await growth('frontdoor_http_request_duration_seconds_count', unmatched, () => call(api.app, { method: 'GET', url: `/no-such/${email}` }))).toBe(1);
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(text).not.toContain('looked.up');
  });

  it('reports a refused mail as a retry, and the queue it waits in with how long it has been due', async () => {
    const email = await user();
    const retriesBefore = valueOf(await scrape(), 'frontdoor_mail_retries_total');
    const depthBefore = valueOf(await scrape(), 'frontdoor_mail_queue_depth');
    smtp.control.refusing = true;
    expect((await call(api.app, { method: 'POST', url: '/forgot-password', payload: { email, language: 'en' } })).statusCode).toBe(202);
    await api.services.background.idle();
    let families = await scrape();
    expect(valueOf(families, 'frontdoor_mail_retries_total') - retriesBefore).toBe(1);
    expect(valueOf(families, 'frontdoor_mail_queue_depth') - depthBefore).toBe(1);
    expect(valueOf(families, 'frontdoor_mail_queue_oldest_due_age_seconds')).toBe(0);

    // Due a minute ago, and held by a worker that does not finish it.
    await api.db.query(
      "UPDATE mail_queue SET next_attempt_at = now() - interval '60 seconds', locked_until = now() + interval '1 minute' WHERE sent_at IS NULL AND failed_at IS NULL",
    );
    families = await scrape();
    expect(valueOf(families, 'frontdoor_mail_queue_oldest_due_age_seconds')).toBeGreaterThanOrEqual(60);
    expect(valueOf(families, 'frontdoor_mail_queue_oldest_due_age_seconds')).toBeLessThan(90);

    smtp.control.refusing = false;
    await api.db.query('UPDATE mail_queue SET next_attempt_at = now(), locked_until = NULL WHERE sent_at IS NULL AND failed_at IS NULL');
    await api.services.mail.drain();
    families = await scrape();
    expect(valueOf(families, 'frontdoor_mail_queue_depth')).toBe(depthBefore);
    expect(valueOf(families, 'frontdoor_mail_queue_oldest_due_age_seconds')).toBe(0);
  });

  it("carries Node's event-loop lag, and the pool's state only where there is a pool", async () => {
    const families = await scrape();
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    expect(families.get('frontdoor_argon2_queue_wait_seconds')?.type).toBe('histogram');
    if (target.name === 'PGlite') expect([...families.keys()].filter((name) => name.startsWith('frontdoor_db_'))).toEqual([]);
    else expect(valueOf(families, 'frontdoor_db_pool_connections')).toBeGreaterThanOrEqual(1);
  });

  it('answers /metrics on its own port only', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    const main = await api.app.inject({ method: 'GET', url: '/metrics' });
    expect(main.statusCode).toBe(404);
    expect(main.body).not.toContain('frontdoor_');
  });
});

describe('the metrics without METRICS_PORT', () => {
  let api: Api;
  beforeAll(async () => {
    api = await openApi(testDatabases[0]!);
  });
  afterAll(() => api.close());

  it('are served nowhere: /metrics on the main port is the not-found page', async () => {
    const answer = await api.app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).not.toContain('# TYPE');
  });
});

describe("PostgreSQL's connection pool in the metrics", () => {
  const schema = `fd_test_${randomBytes(6).toString('hex')}`;
  // A short bound, so a statement that outlasts it is quick to make.
  const open = () => openDatabase({ databaseUrl: TEST_DATABASE_URL, schema, timeoutMs: 1000 });
  let db: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db.close();
    await testDatabases[1]!.drop(schema);
  });

  it('shows its connections and callers waiting for one, and counts each statement or transaction past its bound once', async () => {
    const metrics = createMetrics(db);
    // The gauges are read when the scrape begins, before its first await.
    const read = async () => parsePrometheusText(await metrics.registry.metrics());
    // More statements at once than the pool has connections: some wait for one.
    const statements = Array.from({ length: 11 }, () => db.query('SELECT 1'));
    let families = await read();
    await Promise.all(statements);
    expect(valueOf(families, 'frontdoor_db_pool_connections')).toBeLessThanOrEqual(10);
    expect(valueOf(families, 'frontdoor_db_pool_waiting')).toBeGreaterThanOrEqual(1);
    families = await read();
    expect(valueOf(families, 'frontdoor_db_pool_idle_connections')).toBe(valueOf(families, 'frontdoor_db_pool_connections'));
    expect(valueOf(families, 'frontdoor_db_pool_waiting')).toBe(0);
    expect(valueOf(families, 'frontdoor_db_timeouts_total')).toBe(0);

    await expect(db.query('SELECT pg_sleep(3)')).rejects.toThrow();
    await expect(db.transaction((tx) => tx.query('SELECT pg_sleep(3)'))).rejects.toThrow();
    expect(valueOf(await read(), 'frontdoor_db_timeouts_total')).toBe(2);
  });
});
