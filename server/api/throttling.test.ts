import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, freshAddress, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { codeAt, currentStep, newTotpSecret } from '../auth/totp';
import { accountKey } from '../auth/login-throttle';
import { awayFromStepBoundary } from '../testing/totp';
import { readOutbox } from '../mail/mail-queue';

const PASSWORD = 'Correct-Horse-9';
const WRONG = 'Wrong-Horse-9';

describe.each(testDatabases)('throttling that stops attackers, not users, on $name', (target) => {
  let api: Api;
  let counter = 0;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
  });
  afterAll(() => api.close());

  async function user(totpSecret?: string) {
    const email = `throttle${++counter}@example.com`;
    await createUser(api.db, {
      email,
      password: PASSWORD,
      contexts: ['acme'],
      ...(totpSecret ? { totp: { secret: totpSecret, secrets: api.services.totpSecrets } } : {}),
    });
    return email;
  }

  it('does not count a right password on its way to the code: 30 TOTP sign-ins from one address leave the next colleague free', async () => {
    const office = freshAddress();
    const totpSecret = newTotpSecret();
    await awayFromStepBoundary(5000);
    for (let colleague = 0; colleague < 30; colleague += 1) {
      const email = await user(totpSecret);
      expect((await login(api.app, { email, password: PASSWORD }, office)).statusCode).toBe(401);
      expect((await login(api.app, { email, password: PASSWORD, challenge: codeAt(totpSecret, currentStep()) }, office)).statusCode).toBe(200);
    }
    expect((await login(api.app, { email: await user(), password: PASSWORD }, office)).statusCode).toBe(200);
  }, 60_000);

  it('lets the owner sign in at once from an address they signed in from, after 50 failures from a stranger’s address', async () => {
    const email = await user();
    const home = freshAddress();
    const stranger = freshAddress();
    expect((await login(api.app, { email, password: PASSWORD }, home)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 50; attempt += 1) await login(api.app, { email, password: WRONG }, stranger);
    // As if all fifty had been counted, the last one just now.
    await api.db.query(`UPDATE rate_counters SET count = 50, window_end = now() WHERE key = $1`, [accountKey(email)]);

    expect((await login(api.app, { email, password: PASSWORD }, home)).statusCode).toBe(200);
    expect((await login(api.app, { email, password: PASSWORD }, freshAddress())).statusCode).toBe(429);
    // The way back for the owner on a new device stays open.
    expect((await call(api.app, { method: 'POST', url: '/forgot-password', payload: { email, language: 'en' } })).statusCode).toBe(202);
    await api.services.background.idle();
    expect((await readOutbox(api.db, 500)).filter((mail) => mail.to === email)).toHaveLength(1);
  });
});

describe('clients behind one trusted proxy (TRUST_PROXY_HOPS=1)', () => {
  let api: Api;
  const proxy = '192.0.2.10';

  beforeAll(async () => {
    api = await openApi(testDatabases[0]!, { TRUST_PROXY_HOPS: '1' });
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createUser(api.db, { email: 'colleague@example.com', password: PASSWORD, contexts: ['acme'] });
  });
  afterAll(() => api.close());

  const viaProxy = (forwardedFor: string, email: string, password: string) =>
    call(api.app, { method: 'POST', url: '/login', payload: { email, password }, remoteAddress: proxy, headers: { 'x-forwarded-for': forwardedFor } });

  it('are told apart by the address the proxy saw, not by what a client claims', async () => {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await viaProxy('198.51.100.1', `guess${attempt}@example.com`, WRONG)).statusCode).toBe(400);
    }
    expect((await viaProxy('198.51.100.1', 'colleague@example.com', PASSWORD)).statusCode).toBe(429);
    // A client cannot pass for another one by sending its own X-Forwarded-For: the proxy appends the real one.
    expect((await viaProxy('198.51.100.2, 198.51.100.1', 'colleague@example.com', PASSWORD)).statusCode).toBe(429);
    expect((await viaProxy('198.51.100.2', 'colleague@example.com', PASSWORD)).statusCode).toBe(200);
  });
});
