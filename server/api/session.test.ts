import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { loadSigningKey } from '../auth/signing-key';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabases)('sessions on $name', (target) => {
  let api: Api;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createUser(api.db, { email: 'ada@example.com', password: PASSWORD, contexts: ['acme'] });
  });
  afterAll(() => api.close());

  const signIn = async () => (await login(api.app, { email: 'ada@example.com', password: PASSWORD })).json<{ token: string }>().token;
  const organizations = (token: string) => call(api.app, { method: 'GET', url: '/acme/user/organizations', token });

  it('publishes the signing key as JWKS', async () => {
    const response = await call(api.app, { method: 'GET', url: '/.well-known/jwks.json' });
    const { keys } = response.json<{ keys: { kty: string; crv: string; alg: string; use: string; kid: string; d?: string }[] }>();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]!.d).toBeUndefined();
  });

  it('refuses a token after logout', async () => {
    const token = await signIn();
    expect((await organizations(token)).statusCode).toBe(200);
    const logout = await call(api.app, { method: 'GET', url: '/frontdoor/logout', token });
    expect(logout.statusCode).toBe(204);
    expect((await organizations(token)).statusCode).toBe(401);
  });

  it('refuses logout for another audience', async () => {
    const token = await signIn();
    expect((await call(api.app, { method: 'GET', url: '/acme/logout', token })).statusCode).toBe(401);
    expect((await organizations(token)).statusCode).toBe(200);
  });

  it('refuses an expired token, and one for another audience, even when signed with the right key', async () => {
    const key = await loadSigningKey({ dataDir: api.config.dataDir });
    const user = (await api.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'ada@example.com'`))[0]!;
    const forge = (claims: { exp: number; aud: string }) =>
      new SignJWT({ userId: user.id, email: 'ada@example.com', contexts: ['acme'], purpose: 'session', generation: 0 })
        .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'session+jwt' })
        .setSubject(user.id)
        .setIssuer(api.config.publicUrl)
        .setAudience(claims.aud)
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime(claims.exp)
        .sign(key.privateKey);
    const now = Math.floor(Date.now() / 1000);
    expect((await organizations(await forge({ exp: now + 600, aud: 'frontdoor' }))).statusCode).toBe(200);
    const expired = await organizations(await forge({ exp: now - 60, aud: 'frontdoor' }));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'token_expired' });
    expect((await organizations(await forge({ exp: now + 600, aud: 'elsewhere' }))).statusCode).toBe(401);
  });

  it('ends every earlier session when the password changes', async () => {
    const earlier = await signIn();
    const current = await signIn();
    const changed = await call(api.app, {
      method: 'POST',
      url: '/set-password',
      token: current,
      payload: { password: 'Changed-Horse-9', currentPassword: PASSWORD, challenge: '' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await organizations(earlier)).statusCode).toBe(401);
    expect((await organizations(current)).statusCode).toBe(401);
    expect((await organizations(changed.json<{ token: string }>().token)).statusCode).toBe(200);
    await call(api.app, {
      method: 'POST',
      url: '/set-password',
      token: changed.json<{ token: string }>().token,
      payload: { password: PASSWORD, currentPassword: 'Changed-Horse-9', challenge: '' },
    });
  });

  it('stops reaching an organisation as soon as the membership is disabled', async () => {
    const token = await signIn();
    await api.db.query(`UPDATE memberships SET enabled = false`);
    try {
      expect((await organizations(token)).statusCode).toBe(403);
    } finally {
      await api.db.query(`UPDATE memberships SET enabled = true`);
    }
  });

  it('refuses a token signed with another key', async () => {
    const { generateSigningJwk } = await import('../auth/signing-key');
    const other = await loadSigningKey({ signingKey: JSON.stringify(await generateSigningJwk()), dataDir: api.config.dataDir });
    const token = await new SignJWT({ userId: 'x', email: 'ada@example.com', contexts: ['acme'], purpose: 'session' })
      .setProtectedHeader({ alg: 'ES256', kid: other.kid, typ: 'session+jwt' })
      .setSubject('x')
      .setIssuer(api.config.publicUrl)
      .setAudience('frontdoor')
      .setJti(crypto.randomUUID())
      .setExpirationTime('10m')
      .sign(other.privateKey);
    expect((await organizations(token)).statusCode).toBe(401);
  });
});
