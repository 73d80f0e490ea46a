import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { OPENAPI_FILE, routeOptions, routePath } from './openapi-schemas';
import { apiErrorHandler } from './errors';
import type { OperationId } from './contract';
import { ACCEPTED_ADDRESSES, REFUSED_ADDRESSES } from '../testing/email-addresses';
import { isEmail } from '../../rules/email';

interface Listed {
  $ref?: string;
  content?: Record<string, unknown>;
}
const document = parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, Listed> }>>;
  components: { responses: Record<string, Listed> };
};
const operations = Object.values(document.paths).flatMap((item) => Object.values(item).filter((operation) => operation.operationId));
const followed = (listed: Listed) => (listed.$ref ? document.components.responses[listed.$ref.split('/').at(-1)!]! : listed);

describe('routes built from the contract', () => {
  const app = Fastify();
  app.setErrorHandler(apiErrorHandler);
  const user = { id: '3f0c9a8e-5b7d-4c1e-9f2a-6d8b7e4a1c05', email: 'ada@example.com', language: 'en', termsAndConditions: {} };
  app.get(routePath('getUser'), routeOptions('getUser'), async () => ({ ...user, password_hash: '$argon2id$secret' }));
  app.get(routePath('getSsoModeByContext'), routeOptions('getSsoModeByContext'), async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send((request.params as { context: string }).context === 'acme' ? 'SAML_ONLY' : 'MAYBE'),
  );
  afterAll(() => app.close());

  it('get a response schema for every JSON answer the contract lists, and for no other', () => {
    for (const { operationId, responses = {} } of operations) {
      const jsonStatuses = Object.entries(responses)
        .filter(([, listed]) => followed(listed).content?.['application/json'])
        .map(([status]) => status);
      expect(Object.keys(routeOptions(operationId as OperationId).schema?.response ?? {}), operationId).toEqual(jsonStatuses);
    }
  });

  it('never send a property the contract does not name', async () => {
    const response = await app.inject({ url: `/acme/user/${user.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(user);
  });

  it('send a text answer the contract allows and refuse one it does not', async () => {
    const allowed = await app.inject({ url: '/organization/ssoModeByContext/acme' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toBe('SAML_ONLY');
    const outside = await app.inject({ url: '/organization/ssoModeByContext/other' });
    expect(outside.statusCode).toBe(500);
    expect(outside.body).not.toContain('MAYBE');
  });
});

describe('the e-mail rule of the contract', () => {
  const app = Fastify();
  app.setErrorHandler(apiErrorHandler);
  app.post(routePath('register'), routeOptions('register'), async (_request, reply) => reply.code(202).send());
  afterAll(() => app.close());
  const cases = [
    ...ACCEPTED_ADDRESSES.map(([kind, email]) => [kind, email, true] as const),
    ...REFUSED_ADDRESSES.map(([kind, email]) => [kind, email, false] as const),
  ];

  it.each(cases)('is the rule of rules/email.ts for %s', async (_kind, email, accepted) => {
    expect(isEmail(email)).toBe(accepted);
    const response = await app.inject({ method: 'POST', url: '/register', payload: { email, language: 'en' } });
    expect(response.statusCode).toBe(accepted ? 202 : 400);
  });
});
