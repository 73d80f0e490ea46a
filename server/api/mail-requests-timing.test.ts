import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { testDatabases } from '../testing/databases';
import { freshAddress, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';

const ROUNDS = 60;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Over real HTTP on the embedded database, which shares the server's process: work a request left
// behind would show in the time of the caller's next request.
describe('register and forgot-password, known and unknown e-mails alike', () => {
  let api: Api;
  let base: string;

  beforeAll(async () => {
    api = await openApi(testDatabases[0]!, { TRUST_PROXY_HOPS: '1' });
    await createOrganization(api.db, { context: 'acme', name: 'Acme', openRegistration: true });
    await createUser(api.db, { email: 'known@example.com', password: 'Known-Horse-9', contexts: ['acme'] });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => api.close());

  // Each request from an address of its own, so the per-address limits stay out of the way.
  const post = async (url: string, email: string) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
      body: JSON.stringify({ email, language: 'en' }),
    });
    await response.arrayBuffer();
    return response.status;
  };

  it.each(['/register', '/forgot-password'])(
    '%s leaves the next request as fast after a known e-mail as after an unknown one',
    async (url) => {
      const next = async () => {
        const start = performance.now();
        expect((await fetch(`${base}/health`)).status).toBe(200);
        return performance.now() - start;
      };
      const differences: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const times = { known: 0, unknown: 0 };
        // Alternate which goes first, so drift over a round falls on both alike.
        for (const kind of round % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
          expect(await post(url, kind === 'known' ? 'known@example.com' : `ghost-${round}@example.com`)).toBe(202);
          times[kind] = await next();
          await api.services.background.idle();
        }
        differences.push(times.known - times.unknown);
      }
      // Paired by round, so load from elsewhere on the machine falls on both sides of each difference.
      expect(Math.abs(median(differences))).toBeLessThan(0.5);
    },
    120_000,
  );
});
