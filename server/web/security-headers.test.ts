import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../db/database';
import type { Database } from '../db/database-types';
import { migrate } from '../db/migrations';
import { testApp } from '../testing/app';

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
  // The front door at https://auth.example.test, no ALLOWED_PARENT_ORIGINS.
  ({ app } = await testApp(db, { PLATFORM_HOST: 'example.test' }));
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const frameAncestors = async (url: string) => /frame-ancestors ([^;]*)$/.exec(String((await app.inject({ url })).headers['content-security-policy']))?.[1];

describe('framing the change-password page with only PLATFORM_HOST set', () => {
  it("lets the platform's host and its subdomains frame it, over the front door's scheme", async () => {
    expect(await frameAncestors('/change-password')).toBe('https://example.test https://*.example.test');
    expect(await frameAncestors('/change-password?locale=de')).toBe('https://example.test https://*.example.test');
  });

  it('lets nobody frame any other page', async () => {
    for (const url of ['/login', '/change-password/x', '/api/health']) expect(await frameAncestors(url), url).toBe("'none'");
  });

  it('sends no X-Frame-Options, which would refuse the platform what the CSP allows', async () => {
    expect((await app.inject({ url: '/change-password' })).headers['x-frame-options']).toBeUndefined();
  });
});

describe('forms', () => {
  it('are sent to this origin only, and go on to no other', async () => {
    for (const url of ['/login', '/change-password'])
      expect(String((await app.inject({ url })).headers['content-security-policy']), url).toContain("form-action 'self';");
  });
});

describe('an answer that is no page', () => {
  it('lets nothing run, load or frame it, and carries no page policy', async () => {
    for (const url of ['/api/health', '/api/organization/ada%40example.test/ssoMode', '/api/nothing-here']) {
      const answer = await app.inject({ url });
      expect(answer.headers['content-type'], url).not.toMatch(/^text\/html/);
      expect(answer.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
      expect(answer.headers['permissions-policy'], url).toBeUndefined();
    }
  });
});
