/**
 * OpenID Connect benchmark (`npm run bench:oidc`): the server's time of an app's refresh (rotated,
 * with its front door session checked) and of a device's poll of its code, beside a password
 * sign-in (`login`, most of it argon2id), in turns, in one reference server on the embedded
 * database (PostgreSQL at TEST_DATABASE_URL too, when set). Each call goes through the server's own
 * request handling (Fastify's inject: no socket, no client library), so the figure is the server's.
 * Prints the median and p95 of each, and their ratio to login's.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrations';
import { createOrganization, createUser } from '../server/admin/operations';
import { recordTermsAcceptance } from '../server/db/terms';
import { createClient, DEVICE_CODE_GRANT } from '../server/oidc/clients';
import { testApp } from '../server/testing/app';
import { appSignIn, registerApp } from '../server/testing/oidc';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 200);
const PASSWORD = 'Correct-Horse-9';

/** The value at quantile q of values (NaN of none). */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
}

async function bench(name: string, databaseUrl: string | undefined) {
  const schema = databaseUrl ? `bench_oidc_${randomUUID().replaceAll('-', '')}` : undefined;
  const db = await openDatabase({ databaseUrl, schema });
  await migrate(db);
  const { app } = await testApp(db);
  await app.ready();
  await createOrganization(db, { context: 'acme', name: 'Acme' });
  const ada = await createUser(db, { email: 'ada@example.com', password: PASSWORD, contexts: ['acme'] });
  await recordTermsAcceptance(db, ada.id, 'acme', 0);
  const notes = await registerApp(app, db, 'notes');
  await createClient(db, { id: 'terminal', name: 'Terminal', redirectUris: [], postLogoutRedirectUris: [], confidential: false, device: true });
  let refreshToken = (
    await appSignIn(app, notes, { email: 'ada@example.com', password: PASSWORD, context: 'acme' }, { scope: 'openid email offline_access', prompt: 'consent' })
  ).tokens.refresh_token!;
  const device = (
    await app.inject({
      method: 'POST',
      url: '/oidc/device/auth',
      payload: 'client_id=terminal&scope=openid',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
  ).json<{ device_code: string }>();

  const form = (body: Record<string, string>) => ({
    payload: new URLSearchParams(body).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const times: Record<'login' | 'refresh' | 'device poll', number[]> = { login: [], refresh: [], 'device poll': [] };
  const timed = async (op: keyof typeof times, call: () => Promise<LightMyRequestResponse>, expected: number) => {
    const started = performance.now();
    const answer = await call();
    times[op].push(performance.now() - started);
    if (answer.statusCode !== expected) throw new Error(`${op} answered ${answer.statusCode}: ${answer.body}`);
    return answer;
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each round's address of its own: no limit of one round reaches the next.
    const remoteAddress = `10.9.${(round >> 8) & 255}.${round & 255}`;
    await timed(
      'login',
      () => app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { email: 'ada@example.com', password: PASSWORD } }),
      200,
    );
    const refreshed = await timed(
      'refresh',
      () =>
        app.inject({
          method: 'POST',
          url: '/oidc/token',
          remoteAddress,
          ...form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'notes' }),
        }),
      200,
    );
    refreshToken = refreshed.json<{ refresh_token: string }>().refresh_token;
    await timed(
      'device poll',
      () =>
        app.inject({
          method: 'POST',
          url: '/oidc/token',
          remoteAddress,
          ...form({ grant_type: DEVICE_CODE_GRANT, device_code: device.device_code, client_id: 'terminal' }),
        }),
      400,
    );
  }
  await app.close();
  if (schema) await db.query(`DROP SCHEMA ${schema} CASCADE`);
  await db.close();

  const login = quantile(times.login, 0.5);
  console.log(`\n${name}, ${ROUNDS} rounds in turns, server time in ms:\n`);
  console.log('| call | median | p95 | median vs login |\n|---|---|---|---|');
  for (const [op, values] of Object.entries(times)) {
    console.log(`| ${op} | ${quantile(values, 0.5).toFixed(2)} | ${quantile(values, 0.95).toFixed(2)} | x${(quantile(values, 0.5) / login).toFixed(2)} |`);
  }
}

console.log(`bench:oidc ${new Date().toISOString()}`);
await bench('PGlite (embedded)', undefined);
if (process.env.TEST_DATABASE_URL) await bench('PostgreSQL', process.env.TEST_DATABASE_URL);
