import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { testDatabases } from '../testing/databases';
import { call, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { recordTermsAcceptance } from '../db/terms';
import { appSignIn, discoveredApp, registerApp, type TestApp } from '../testing/oidc';

const PASSWORD = 'Correct-Horse-9';
/** A client that failed to authenticate, as openid-client reports the 401's challenge. */
const INVALID_CLIENT = { status: 401, cause: [expect.objectContaining({ parameters: expect.objectContaining({ error: 'invalid_client' }) })] };
const ADA = { email: 'ada@example.com', password: PASSWORD, context: 'acme' };

/** Token introspection (RFC 7662) and revocation (RFC 7009) at the OpenID Provider (flows 4.18). */
describe.each(testDatabases)('token introspection and revocation on $name', (target) => {
  let api: Api;
  let notes: TestApp;
  let ledger: TestApp;
  let billing: TestApp;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    const ada = await createUser(api.db, { email: ADA.email, password: PASSWORD, contexts: ['acme'] });
    await recordTermsAcceptance(api.db, ada.id, 'acme', 0);
    notes = await registerApp(api.app, api.db, 'notes');
    ledger = await registerApp(api.app, api.db, 'ledger', { confidential: true });
    // A service that checks the tokens other apps send it.
    billing = await registerApp(api.app, api.db, 'billing', { confidential: true });
  });
  afterAll(() => api.close());

  it('tells a confidential app whether a token is active, with whose it is, its app, scope and expiry', async () => {
    const { tokens } = await appSignIn(api.app, notes, ADA);
    const answer = await client.tokenIntrospection(billing.config, tokens.access_token);
    expect(answer).toMatchObject({ active: true, sub: tokens.claims()!.sub, client_id: 'notes', iss: 'https://auth.example.test', token_type: 'Bearer' });
    expect(answer.scope!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(answer.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(500);
    expect(await client.tokenIntrospection(billing.config, 'not-a-token')).toEqual({ active: false });
  });

  it('says nothing of any token to an app that does not authenticate, and answers a wrong secret 401', async () => {
    const { tokens } = await appSignIn(api.app, notes, ADA);
    expect(await client.tokenIntrospection(notes.config, tokens.access_token)).toEqual({ active: false });
    const wrong = await discoveredApp(api.app, 'billing', 'not-the-secret');
    await expect(client.tokenIntrospection(wrong, tokens.access_token)).rejects.toMatchObject(INVALID_CLIENT);
  });

  it('answers a token whose front door session has ended as not active', async () => {
    const { tokens, token, browser } = await appSignIn(api.app, notes, ADA);
    expect((await client.tokenIntrospection(billing.config, tokens.access_token)).active).toBe(true);
    expect((await call(api.app, { method: 'GET', url: '/frontdoor/logout', token, headers: { cookie: browser.cookieHeader } })).statusCode).toBe(204);
    expect(await client.tokenIntrospection(billing.config, tokens.access_token)).toEqual({ active: false });
  });

  it('revokes what an app’s token was issued with, its refresh token or access token alike, and a wrong secret revokes nothing', async () => {
    for (const which of ['access_token', 'refresh_token'] as const) {
      const { tokens } = await appSignIn(api.app, ledger, ADA, { scope: 'openid email offline_access', prompt: 'consent' });
      const wrong = await discoveredApp(api.app, 'ledger', 'not-the-secret');
      await expect(client.tokenRevocation(wrong, tokens[which]!), which).rejects.toMatchObject(INVALID_CLIENT);
      expect((await client.tokenIntrospection(ledger.config, tokens.access_token)).active, which).toBe(true);

      await client.tokenRevocation(ledger.config, tokens[which]!, { token_type_hint: which });
      // RFC 7009 section 2.1: the grant goes with either token.
      expect(await client.tokenIntrospection(ledger.config, tokens.access_token), which).toEqual({ active: false });
      expect(await client.tokenIntrospection(ledger.config, tokens.refresh_token!), which).toEqual({ active: false });
      await expect(client.refreshTokenGrant(ledger.config, tokens.refresh_token!), which).rejects.toMatchObject({ error: 'invalid_grant' });
    }
  });

  it('says in discovery where introspection and revocation answer', () => {
    const metadata = notes.config.serverMetadata();
    expect(metadata.introspection_endpoint).toBe('https://auth.example.test/oidc/token/introspection');
    expect(metadata.revocation_endpoint).toBe('https://auth.example.test/oidc/token/revocation');
  });
});
