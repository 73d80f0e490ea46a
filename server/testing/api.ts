/**
 * Helpers for API tests: one server per test file on one of the test databases, and calls
 * written as the app makes them.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TestDatabase } from './databases';
import { testApp } from './app';
import { DEVICE_COOKIE } from '../web/device-cookie';

export type Api = Awaited<ReturnType<typeof openApi>>;

export async function openApi(target: TestDatabase, env: NodeJS.ProcessEnv = {}) {
  const { db, schema } = await target.open();
  const server = await testApp(db, env);
  // Ready, and the start's sweep done, before the first call: no test observes the sweep beside it.
  await server.app.ready();
  await server.services.sweeper.idle();
  return {
    ...server,
    db,
    async close() {
      await server.app.close();
      await db.close();
      await target.drop(schema);
    },
  };
}

let addressCounter = 0;
/** A client address of its own, so per-address limits of one test do not reach another. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function call(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  return app.inject({
    remoteAddress: freshAddress(),
    ...rest,
    url: `/api${options.url}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

/**
 * The device cookie of the browser the tests sign in from (server/auth/devices.ts): one known device,
 * so a test's sign-ins are no new-device mails unless it signs in from another.
 */
export const TEST_DEVICE_COOKIE = `${DEVICE_COOKIE}=${'t'.repeat(43)}`;

export function login(app: FastifyInstance, body: { email: string; password: string; challenge?: string }, remoteAddress?: string) {
  return call(app, { method: 'POST', url: '/login', payload: body, headers: { cookie: TEST_DEVICE_COOKIE }, ...(remoteAddress ? { remoteAddress } : {}) });
}
