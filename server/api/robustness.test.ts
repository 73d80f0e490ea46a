import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testDatabases } from '../testing/databases';
import { login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';

/** Path templates of every operation; `*` is filled with generated text. */
const operations: [string, string][] = [
  ['GET', '/organization/*/ssoMode'],
  ['GET', '/organization/ssoModeByContext/*'],
  ['GET', '/saml2/*/login'],
  ['POST', '/saml2/*/acs'],
  ['POST', '/login'],
  ['GET', '/*/logout'],
  ['POST', '/register'],
  ['POST', '/forgot-password'],
  ['POST', '/*/user/setMfa'],
  ['POST', '/set-password'],
  ['GET', '/*/user/organizations'],
  ['GET', '/*/organization/current'],
  ['GET', '/acme/user/*'],
  ['POST', '/*/user/acceptTermsAndConditions'],
];

const CONTENT_TYPES = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', ''];

const segment = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('acme', '%00', '..', '%2F..%2F', 'a'.repeat(300), 'ada@example.com'),
);
const body = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
  fc
    .record({ email: fc.oneof(fc.emailAddress(), fc.string()), password: fc.string({ maxLength: 40 }), extra: fc.anything() })
    .map((value) => JSON.stringify(value)),
  fc.record({ email: fc.string(), language: fc.string() }).map((value) => JSON.stringify(value)),
  fc.constant('{"email":"ada@example.com","password":'),
);
const request = fc.record({
  operation: fc.constantFrom(...operations),
  fill: segment,
  query: fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 40 }), { maxKeys: 3 }),
  body,
  contentType: fc.constantFrom(...CONTENT_TYPES),
  authorization: fc.oneof(
    fc.constant(undefined),
    fc.string({ maxLength: 60 }),
    fc.string({ maxLength: 60 }).map((value) => `Bearer ${value}`),
  ),
});

describe('malformed requests', () => {
  let api: Api;
  let served = 0;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    api = await openApi(testDatabases[0]!);
    await createOrganization(api.db, { context: 'acme', name: 'Acme', openRegistration: true });
    await createUser(api.db, { email: 'ada@example.com', password: 'Correct-Horse-9', contexts: ['acme'] });
  });
  afterAll(() => api.close());

  const snapshot = () =>
    Promise.all(
      ['users', 'organizations', 'memberships', 'terms_acceptances', 'one_time_tokens', 'revoked_tokens'].map((table) =>
        api.db.query(`SELECT * FROM ${table} ORDER BY 1, 2`),
      ),
    );

  it('never get a 5xx, never change data, and leave the server serving', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(request, async ({ operation: [method, template], fill, query, body, contentType, authorization }) => {
        const path = template.replace('*', encodeURIComponent(fill));
        const search = new URLSearchParams(query).toString();
        const response = await api.app.inject({
          method: method as 'GET' | 'POST',
          url: `/api${path}${search ? `?${search}` : ''}`,
          headers: { ...(contentType ? { 'content-type': contentType } : {}), ...(authorization ? { authorization } : {}) },
          remoteAddress: `10.9.${served % 250}.${Math.floor(served / 250) % 250}`,
          ...(method === 'POST' ? { payload: body } : {}),
        });
        served += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode).toBeLessThan(500);
        // A dot segment can take a GET out of the API, to the front door's not-found page.
        const leftTheApi = !new URL(`http://host/api${path}`).pathname.startsWith('/api/');
        if (String(response.headers['content-type']).startsWith('text/html')) expect([leftTheApi, response.statusCode]).toEqual([true, 404]);
        else if (response.statusCode >= 400) expect(response.json()).toMatchObject({ statusCode: response.statusCode, code: expect.any(String) });
      }),
      { numRuns: 1000 },
    );
    await api.services.background.idle();
    expect(served).toBeGreaterThanOrEqual(1000);
    expect(await snapshot()).toEqual(before);
    expect((await api.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await login(api.app, { email: 'ada@example.com', password: 'Correct-Horse-9' })).statusCode).toBe(200);
  }, 300_000);
});
