import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { testDatabases } from '../testing/databases';
import { openApi, type Api } from '../testing/api';
import { runAdmin } from '../admin/cli';
import { discoveredApp, registerApp, serverFetch, type TestApp } from '../testing/oidc';

const AUDIENCE = 'https://billing.example.com';

/** Services that sign in as themselves (client credentials, flows 4.18, server/oidc/services.ts). */
describe.each(testDatabases)('a service’s client credentials on $name', (target) => {
  let api: Api;
  let billing: client.Configuration;
  let secret: string;
  let ledger: TestApp;
  let notes: TestApp;

  beforeAll(async () => {
    api = await openApi(target);
    const printed = await runAdmin(['create-service', '--id', 'invoicer', '--name', 'Invoicer', '--audience', AUDIENCE], api.services, {
      env: {},
      stdin: Readable.from([]),
    });
    const created = JSON.parse(printed) as { client_id: string; client_secret: string };
    expect(created.client_id).toBe('invoicer');
    expect(created.client_secret).toMatch(/^[\w-]{43}$/);
    secret = created.client_secret;
    billing = await discoveredApp(api.app, 'invoicer', secret);
    ledger = await registerApp(api.app, api.db, 'ledger', { confidential: true });
    notes = await registerApp(api.app, api.db, 'notes');
  });
  afterAll(() => api.close());

  async function verified(accessToken: string) {
    const answer = await serverFetch(api.app)('https://auth.example.test/api/.well-known/jwks.json', { method: 'GET', headers: {} } as never);
    return jwtVerify(accessToken, createLocalJWKSet((await answer.json()) as JSONWebKeySet), {
      issuer: 'https://auth.example.test',
      audience: AUDIENCE,
      algorithms: ['ES256'],
      typ: 'at+jwt',
    });
  }

  it('gives a service a JWT access token for its audience (RFC 9068), with no ID token and no refresh token', async () => {
    const tokens = await client.clientCredentialsGrant(billing, { resource: AUDIENCE });
    expect(tokens.id_token).toBeUndefined();
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    const { payload } = await verified(tokens.access_token);
    expect(payload).toMatchObject({ iss: 'https://auth.example.test', aud: AUDIENCE, client_id: 'invoicer', sub: 'invoicer' });
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(typeof payload.jti).toBe('string');
  });

  it('gives the same for its audience when the service names none, and invalid_target for another', async () => {
    const { payload } = await verified((await client.clientCredentialsGrant(billing)).access_token);
    expect(payload.aud).toBe(AUDIENCE);
    await expect(client.clientCredentialsGrant(billing, { resource: 'https://payroll.example.com' })).rejects.toMatchObject({ error: 'invalid_target' });
  });

  it('answers a wrong secret 401, and a person’s app that asks for client credentials unauthorized_client', async () => {
    const wrong = await discoveredApp(api.app, 'invoicer', 'not-the-secret');
    await expect(client.clientCredentialsGrant(wrong, { resource: AUDIENCE })).rejects.toMatchObject({ status: 401 });
    for (const app of [ledger, notes]) {
      await expect(client.clientCredentialsGrant(app.config), app.id).rejects.toMatchObject({ error: 'unauthorized_client' });
    }
  });

  it('lists the service with its audience, and never its secret', async () => {
    const listed = (await runAdmin(['list-clients'], api.services, { env: {}, stdin: Readable.from([]) })).split('\n').map((line) => JSON.parse(line));
    expect(listed.find((row: { client_id: string }) => row.client_id === 'invoicer')).toMatchObject({
      name: 'Invoicer',
      confidential: true,
      service: true,
      audience: AUDIENCE,
    });
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('says in discovery that it takes client credentials', () => {
    expect(billing.serverMetadata().grant_types_supported).toContain('client_credentials');
  });
});
