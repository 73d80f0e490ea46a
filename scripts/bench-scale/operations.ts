/**
 * What the scale bench times on each side (the empty schema and the large one): the calls of a
 * sign-in and of the pages after it, each through the server's own request handling (Fastify's
 * inject: no socket, no client library), a registration's mail from queued to sent by the server's
 * own mail worker, and one pass of the hourly sweep.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/database-types';
import { findUserByEmail } from '../../server/db/users';
import { sweepExpired } from '../../server/maintenance';
import { DEVICE_COOKIE } from '../../server/web/device-cookie';
import type { ServerConfig } from '../../server/config';
import type { Services } from '../../server/services';
import { testApp } from '../../server/testing/app';
import { BENCH_CONTEXT, BENCH_EMAIL, BENCH_PASSWORD, BENCH_TOTP_KEY } from './schemas';

/** The tables migration 22 has vacuumed as the sweep empties them. */
const SWEPT_TABLES = ['sessions', 'one_time_tokens', 'rate_counters', 'revoked_tokens', 'mail_queue', 'known_devices', 'login_addresses', 'oidc_payloads'];

export const OPERATIONS = [
  'SSO-mode look-up',
  'login (password sign-in)',
  'organisations list',
  'the user',
  'sessions page (listSessions)',
  'sign out of other devices',
  'register',
  'registration mail, queued → sent',
  'sweep pass (sweepExpired)',
] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface Side {
  name: 'empty' | 'large';
  db: Database;
  app: FastifyInstance;
  services: Services;
  config: ServerConfig;
  userId: string;
  /** Milliseconds from opening the database to a ready server (its TOTP check included). */
  readyMs: number;
  /** Milliseconds from opening the database to the end of the sweep the server starts with, in the background. */
  sweptMs: number;
  /** Its client addresses are 198.<net>.x.y, apart from the other side's. */
  net: number;
  times: Map<Operation, number[]>;
  failures: Map<Operation, string[]>;
}

const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** One browser for every sign-in: a device the account knows, so no sign-in is a new device's mail. */
const DEVICE = `${DEVICE_COOKIE}=${'b'.repeat(43)}`;

/** A server on the schema, as the server runs it (its database bound included), ready. */
export async function openSide(name: Side['name'], url: string, schema: string, net: number): Promise<Side> {
  const db = await openDatabase({ databaseUrl: url, schema });
  const started = performance.now();
  const { app, services, config } = await testApp(db, { TOTP_KEY: BENCH_TOTP_KEY.toString('base64') });
  await app.ready();
  const readyMs = performance.now() - started;
  await services.sweeper.idle();
  await services.background.idle();
  const sweptMs = performance.now() - started;
  const user = await findUserByEmail(db, BENCH_EMAIL);
  if (!user) throw new Error(`${schema} has no ${BENCH_EMAIL}.`);
  const times = new Map(OPERATIONS.map((operation) => [operation, [] as number[]]));
  const failures = new Map(OPERATIONS.map((operation) => [operation, [] as string[]]));
  return { name, db, app, services, config, userId: user.id, readyMs, sweptMs, net, times, failures };
}

export async function closeSide(side: Side): Promise<void> {
  await side.app.close();
  await side.db.close();
}

function expected(answer: LightMyRequestResponse, status: number): LightMyRequestResponse {
  if (answer.statusCode !== status) throw new Error(`answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  return answer;
}

/** One round of every operation on the side; counted rounds keep their times. */
export async function runRound(side: Side, round: number, run: string, counted: boolean): Promise<void> {
  const keep = (operation: Operation, ms: number) => counted && side.times.get(operation)?.push(ms);
  const fail = (operation: Operation, error: unknown) => counted && side.failures.get(operation)?.push(error instanceof Error ? error.message : String(error));
  async function timed<T>(operation: Operation, work: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    try {
      const value = await work();
      keep(operation, performance.now() - started);
      return value;
    } catch (error) {
      fail(operation, error);
      return undefined;
    }
  }
  // Each round from an address of its own: no rate limit of one round reaches the next.
  const remoteAddress = `198.${side.net}.${(round >> 8) & 255}.${round & 255}`;
  const call = (method: 'GET' | 'POST', url: string, options: { token?: string; payload?: object; userAgent?: string } = {}) =>
    side.app.inject({
      method,
      url: `/api${url}`,
      remoteAddress,
      headers: {
        cookie: DEVICE,
        'user-agent': options.userAgent ?? LAPTOP,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const credentials = { email: BENCH_EMAIL, password: BENCH_PASSWORD };

  // The person's other device, so that signing out of other devices ends one.
  await call('POST', '/login', { payload: credentials, userAgent: PHONE });
  await timed('SSO-mode look-up', async () => expected(await call('GET', `/organization/${encodeURIComponent(BENCH_EMAIL)}/ssoMode`), 200));
  const token = await timed(
    'login (password sign-in)',
    async () => expected(await call('POST', '/login', { payload: credentials }), 200).json<{ token: string }>().token,
  );
  if (token) {
    await timed('organisations list', async () => expected(await call('GET', `/${BENCH_CONTEXT}/user/organizations`, { token }), 200));
    await timed('the user', async () => expected(await call('GET', `/${BENCH_CONTEXT}/user/${side.userId}`, { token }), 200));
    await timed('sessions page (listSessions)', async () => expected(await call('GET', `/${BENCH_CONTEXT}/user/sessions`, { token }), 200));
    await timed('sign out of other devices', async () =>
      expected(await call('POST', `/${BENCH_CONTEXT}/user/sessions/sign-out`, { token, payload: { which: 'others' } }), 200),
    );
  }

  // The registration's mail is the only one under way: the time from its row's writing to its
  // sending is the database's own (created_at and sent_at).
  await side.services.background.idle();
  const [before] = await side.db.query<{ last: string }>('SELECT coalesce(max(id), 0)::text AS last FROM mail_queue');
  const email = `bench.${run}.${round}@bench.example`;
  await timed('register', async () => expected(await call('POST', '/register', { payload: { email, language: 'en' } }), 202));
  await side.services.background.idle();
  const [mail] = await side.db.query<{ ms: number | null }>(
    `SELECT (extract(epoch FROM sent_at - created_at) * 1000)::float8 AS ms FROM mail_queue WHERE id > $1 AND kind = 'signup-link' ORDER BY id LIMIT 1`,
    [before?.last ?? '0'],
  );
  if (typeof mail?.ms === 'number') keep('registration mail, queued → sent', mail.ms);
  else fail('registration mail, queued → sent', new Error(mail ? 'not sent' : 'not queued'));

  // The sweep runs hourly; in the hour between two passes autovacuum removes what the pass before
  // deleted (migration 22). Passes seconds apart would each walk the last one's dead entries, so the
  // tables the sweep deletes from are vacuumed first, as that hour would leave them.
  for (const table of SWEPT_TABLES) await side.db.exec(`VACUUM ${table}`);
  await timed('sweep pass (sweepExpired)', () => sweepExpired(side.db, side.config));
}
