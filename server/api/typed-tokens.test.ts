import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { loadSigningKey } from '../auth/signing-key';
import { codeAt, currentStep } from '../auth/totp';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabases)('tokens typed by kind (RFC 8725 section 3.11), on $name', (target) => {
  let api: Api;
  let counter = 0;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createOrganization(api.db, { context: 'vault', name: 'Vault', mfaPolicy: 'REQUIRED' });
  });
  afterAll(() => api.close());

  async function user(contexts: string[]) {
    const email = `typed${++counter}@example.com`;
    const created = await createUser(api.db, { email, password: PASSWORD, contexts });
    return { email, userId: created.id };
  }
  const tokenOf = (response: { json: <T>() => T }) => response.json<{ token: string }>().token;

  /** One token of each kind, as the server issues them. */
  async function tokensOfEveryKind() {
    const plain = await user(['acme']);
    const required = await user(['vault']);
    return {
      session: tokenOf(await login(api.app, { email: plain.email, password: PASSWORD })),
      'mfa-setup': tokenOf(await login(api.app, { email: required.email, password: PASSWORD })),
      reset: await api.services.tokens.issueOneTime(plain, 'reset'),
      invitation: await api.services.tokens.issueOneTime(plain, 'invitation'),
    };
  }

  it('gives each kind its own typ header, and every kind but the session an audience of its own', async () => {
    const tokens = await tokensOfEveryKind();
    const seen = Object.entries(tokens).map(([kind, token]) => [kind, decodeProtectedHeader(token).typ, decodeJwt(token).aud]);
    expect(seen).toEqual([
      ['session', 'session+jwt', 'frontdoor'],
      ['mfa-setup', 'mfa-setup+jwt', 'frontdoor/mfa-setup'],
      ['reset', 'reset+jwt', 'frontdoor/reset'],
      ['invitation', 'invitation+jwt', 'frontdoor/invitation'],
    ]);
  });

  it('is refused by a relying party that checks only signature, issuer, audience and expiry, except the session', async () => {
    const tokens = await tokensOfEveryKind();
    const jwks = createLocalJWKSet((await call(api.app, { method: 'GET', url: '/.well-known/jwks.json' })).json<JSONWebKeySet>());
    const accepted = async (token: string) =>
      jwtVerify(token, jwks, { issuer: api.config.publicUrl, audience: api.config.tokenAudience }).then(
        () => true,
        () => false,
      );
    expect(await accepted(tokens.session)).toBe(true);
    expect(await accepted(tokens['mfa-setup'])).toBe(false);
    expect(await accepted(tokens.reset)).toBe(false);
    expect(await accepted(tokens.invitation)).toBe(false);
  });

  it('gives the MFA-setup token no contexts, and still sets up TOTP with it at the context of its login', async () => {
    const { email } = await user(['vault']);
    const signIn = await login(api.app, { email, password: PASSWORD });
    expect(signIn.json()).toMatchObject({ context: 'vault' });
    const setupToken = tokenOf(signIn);
    expect(decodeJwt(setupToken).contexts).toEqual([]);
    const offer = await call(api.app, { method: 'POST', url: '/vault/user/setMfa', token: setupToken });
    expect(offer.statusCode).toBe(200);
    const secret = new URL(offer.body).searchParams.get('secret')!;
    const confirm = await call(api.app, {
      method: 'POST',
      url: '/vault/user/setMfa',
      token: setupToken,
      payload: { mfaSecret: secret, challenge: codeAt(secret, currentStep()) },
    });
    expect(confirm.statusCode).toBe(200);
    const session = tokenOf(confirm);
    expect(decodeProtectedHeader(session).typ).toBe('session+jwt');
    expect(decodeJwt(session)).toMatchObject({ aud: 'frontdoor', contexts: ['vault'], amr: ['pwd', 'otp'] });
    expect((await call(api.app, { method: 'GET', url: '/vault/user/organizations', token: session })).statusCode).toBe(200);
  });

  it('refuses the MFA-setup token at an organisation its user does not belong to', async () => {
    const { email } = await user(['vault']);
    const setupToken = tokenOf(await login(api.app, { email, password: PASSWORD }));
    const other = await call(api.app, { method: 'POST', url: '/acme/user/setMfa', token: setupToken });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'forbidden' });
  });

  it('ends the MFA-setup token at the API audience, its logout', async () => {
    const { email } = await user(['vault']);
    const setupToken = tokenOf(await login(api.app, { email, password: PASSWORD }));
    expect((await call(api.app, { method: 'GET', url: '/frontdoor/logout', token: setupToken })).statusCode).toBe(204);
    expect((await call(api.app, { method: 'POST', url: '/vault/user/setMfa', token: setupToken })).statusCode).toBe(401);
  });

  it('refuses a token whose typ is not its kind, signed with the right key', async () => {
    const key = await loadSigningKey({ dataDir: api.config.dataDir });
    const { userId, email } = await user(['acme']);
    const forge = (typ: string, purpose: string, aud: string) =>
      new SignJWT({ userId, email, contexts: ['acme'], purpose, generation: 0, amr: ['pwd'] })
        .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ })
        .setSubject(userId)
        .setIssuer(api.config.publicUrl)
        .setAudience(aud)
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key.privateKey);
    const organizations = async (token: string) => (await call(api.app, { method: 'GET', url: '/acme/user/organizations', token })).statusCode;
    expect(await organizations(await forge('session+jwt', 'session', 'frontdoor'))).toBe(200);
    expect(await organizations(await forge('JWT', 'session', 'frontdoor'))).toBe(401);
    expect(await organizations(await forge('session+jwt', 'reset', 'frontdoor'))).toBe(401);
    expect(await organizations(await forge('session+jwt', 'session', 'frontdoor/reset'))).toBe(401);
    expect(await organizations(await forge('reset+jwt', 'reset', 'frontdoor'))).toBe(401);
  });

  it('takes a reset token for a new password only with its typ and audience', async () => {
    const plain = await user(['acme']);
    const reset = await api.services.tokens.issueOneTime(plain, 'reset');
    const invitationAsReset = await api.services.tokens.issueOneTime(plain, 'invitation');
    const set = (token: string) => call(api.app, { method: 'POST', url: '/set-password', token, payload: { password: 'New-Horse-Battery-7' } });
    const session = tokenOf(await login(api.app, { email: plain.email, password: PASSWORD }));
    expect((await call(api.app, { method: 'GET', url: '/acme/user/organizations', token: reset })).statusCode).toBe(401);
    expect((await set(reset)).statusCode).toBe(200);
    // The reset ended every earlier link and session of the user.
    expect((await set(invitationAsReset)).statusCode).toBe(401);
    expect((await call(api.app, { method: 'GET', url: '/acme/user/organizations', token: session })).statusCode).toBe(401);
  });
});
