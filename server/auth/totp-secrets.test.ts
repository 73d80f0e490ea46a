import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabases, useTestDatabases } from '../testing/databases';
import { testApp } from '../testing/app';
import { call, login } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { ConfigError, loadConfig } from '../config';
import { codeAt, currentStep, newTotpSecret } from './totp';
import { awayFromStepBoundary } from '../testing/totp';

const PASSWORD = 'Correct-Horse-9';
const BASE32_SECRET = /[A-Z2-7]{32}/;
const newKey = () => randomBytes(32).toString('base64');

// Each test opens a database and a server of its own (a restart, another key): slow on PGlite.
const OWN_SERVER_MS = 120_000;

describe.each(testDatabases)('TOTP secrets encrypted at rest, on $name', (target) => {
  const open = useTestDatabases(target);

  async function server(env: NodeJS.ProcessEnv = { TOTP_KEY: newKey() }) {
    const { db } = await open();
    const instance = await testApp(db, env);
    await instance.app.ready();
    await createOrganization(db, { context: 'acme', name: 'Acme' });
    return { db, ...instance };
  }
  const storedOf = async (db: Awaited<ReturnType<typeof open>>['db'], email: string) =>
    (
      await db.query<{ totp_secret: string | null; totp_pending_secret: string | null }>(
        'SELECT totp_secret, totp_pending_secret FROM users WHERE email = $1',
        [email],
      )
    )[0]!;

  it(
    'stores the offered and the confirmed secret encrypted, never the base32 secret',
    async () => {
      const { db, app } = await server();
      await createUser(db, { email: 'ada@example.com', password: PASSWORD, contexts: ['acme'] });
      const token = (await login(app, { email: 'ada@example.com', password: PASSWORD })).json<{ token: string }>().token;
      const secret = new URL((await call(app, { method: 'POST', url: '/acme/user/setMfa', token })).body).searchParams.get('secret')!;
      const offered = await storedOf(db, 'ada@example.com');
      expect(offered.totp_pending_secret).toMatch(/^v1:[A-Za-z0-9_-]+$/);
      expect(offered.totp_pending_secret).not.toContain(secret);
      expect(offered.totp_pending_secret).not.toMatch(BASE32_SECRET);

      const confirm = await call(app, {
        method: 'POST',
        url: '/acme/user/setMfa',
        token,
        payload: { mfaSecret: secret, challenge: codeAt(secret, currentStep()) },
      });
      expect(confirm.statusCode).toBe(200);
      const confirmed = await storedOf(db, 'ada@example.com');
      expect(confirmed.totp_secret).toMatch(/^v1:/);
      expect(confirmed.totp_secret).not.toContain(secret);
      expect(confirmed.totp_secret).not.toMatch(BASE32_SECRET);
    },
    OWN_SERVER_MS,
  );

  it(
    'encrypts at start a secret stored in clear, which still verifies',
    async () => {
      const { db } = await open();
      const key = newKey();
      const first = await testApp(db, { TOTP_KEY: key });
      await createOrganization(db, { context: 'acme', name: 'Acme' });
      const secret = newTotpSecret();
      const pending = newTotpSecret();
      const user = await createUser(db, { email: 'old@example.com', password: PASSWORD, contexts: ['acme'] });
      // A row as a server before encryption wrote it.
      await db.query('UPDATE users SET totp_secret = $2, totp_pending_secret = $3 WHERE id = $1', [user.id, secret, pending]);
      await first.app.close();

      const restarted = await testApp(db, { TOTP_KEY: key });
      const stored = await storedOf(db, 'old@example.com');
      expect(stored.totp_secret).toMatch(/^v1:/);
      expect(stored.totp_pending_secret).toMatch(/^v1:/);
      expect(restarted.services.totpSecrets.open(user.id, stored.totp_secret!)).toBe(secret);
      expect(restarted.services.totpSecrets.open(user.id, stored.totp_pending_secret!)).toBe(pending);
      await awayFromStepBoundary();
      expect((await login(restarted.app, { email: 'old@example.com', password: PASSWORD, challenge: codeAt(secret, currentStep()) })).statusCode).toBe(200);
      await restarted.app.close();
    },
    OWN_SERVER_MS,
  );

  it(
    'refuses to start with a key other than the one the secrets were encrypted with, saying so',
    async () => {
      const { db, app, services } = await server();
      await createUser(db, {
        email: 'ada@example.com',
        password: PASSWORD,
        contexts: ['acme'],
        totp: { secret: newTotpSecret(), secrets: services.totpSecrets },
      });
      await app.close();
      await expect(testApp(db, { TOTP_KEY: newKey() })).rejects.toThrow(/TOTP_KEY .*not the key it was encrypted with/);
    },
    OWN_SERVER_MS,
  );

  it(
    'opens a secret only in its own row',
    async () => {
      const { db, services } = await server();
      const ada = await createUser(db, {
        email: 'ada@example.com',
        password: PASSWORD,
        contexts: ['acme'],
        totp: { secret: newTotpSecret(), secrets: services.totpSecrets },
      });
      const bob = await createUser(db, { email: 'bob@example.com', password: PASSWORD, contexts: ['acme'] });
      const stored = (await storedOf(db, 'ada@example.com')).totp_secret!;
      expect(() => services.totpSecrets.open(bob.id, stored)).toThrow(/not the key/);
      expect(services.totpSecrets.open(ada.id, stored)).toMatch(/^[A-Z2-7]{32}$/);
    },
    OWN_SERVER_MS,
  );
});

describe('the TOTP key setting', () => {
  it('takes 32 bytes in base64 and refuses anything else, naming TOTP_KEY', () => {
    const key = newKey();
    expect(loadConfig({ TOTP_KEY: key }).totpKey).toBe(key);
    expect(() => loadConfig({ TOTP_KEY: randomBytes(16).toString('base64') })).toThrow(ConfigError);
    expect(() => loadConfig({ TOTP_KEY: 'not a key' })).toThrow(/TOTP_KEY/);
  });
});
