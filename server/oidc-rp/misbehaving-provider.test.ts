import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { testDatabases } from '../testing/databases';
import { openApi, type Api } from '../testing/api';
import { freePort } from '../testing/processes';
import { createOrganization, createUser } from '../admin/operations';
import { runAdmin } from '../admin/cli';

/** How the provider misbehaves in its next ID token: claims it changes, or the key it signs with. */
interface Misbehaviour {
  claims?: Record<string, unknown>;
  signedByStranger?: boolean;
}

/**
 * An OpenID Provider made for this test, which answers every authorization at once and can be told
 * to misbehave: what a real provider under attack, or misconfigured, would send.
 */
async function misbehavingProvider(clientId: string) {
  const keys = await generateKeyPair('ES256');
  const stranger = await generateKeyPair('ES256');
  const jwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const nonces = new Map<string, { nonce: string; email: string }>();
  let next: Misbehaviour = {};
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const json = (body: object) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['ES256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/authorize') {
      const code = crypto.randomUUID();
      nonces.set(code, { nonce: url.searchParams.get('nonce') ?? '', email: url.searchParams.get('login_hint') ?? '' });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return response.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === '/token') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const asked = nonces.get(new URLSearchParams(body).get('code') ?? '');
        const now = Math.floor(Date.now() / 1000);
        const claims = { email: asked?.email, email_verified: true, nonce: asked?.nonce, ...next.claims };
        const signer = next.signedByStranger ? stranger.privateKey : (keys.privateKey as CryptoKey);
        void new SignJWT(claims)
          .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
          .setIssuer(typeof next.claims?.iss === 'string' ? next.claims.iss : issuer)
          .setAudience(typeof next.claims?.aud === 'string' ? next.claims.aud : clientId)
          .setSubject('person-1')
          .setIssuedAt(now)
          .setExpirationTime(typeof next.claims?.exp === 'number' ? next.claims.exp : now + 300)
          .sign(signer)
          .then((idToken) => json({ access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken }));
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    misbehave(how: Misbehaviour) {
      next = how;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases)('the relying party against an OpenID Provider that misbehaves, on $name', (target) => {
  let api: Api;
  let origin: string;
  let provider: Awaited<ReturnType<typeof misbehavingProvider>>;

  beforeAll(async () => {
    provider = await misbehavingProvider('front-door');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    api = await openApi(target, { PUBLIC_URL: origin });
    await api.app.listen({ port, host: '127.0.0.1' });
    await createOrganization(api.db, { context: 'hooli', name: 'Hooli', ssoMode: 'SAML_ONLY', domains: ['hooli.example'] });
    await runAdmin(['set-oidc', '--context', 'hooli', '--issuer', provider.issuer, '--client-id', 'front-door', '--client-secret-stdin'], api.services, {
      env: {},
      stdin: Readable.from(['a-secret\n']),
    });
    await createUser(api.db, { email: 'gavin@hooli.example', contexts: ['hooli'] });
  });
  afterAll(async () => {
    await api.close();
    await provider.close();
  });

  /** A whole sign-in of `email` in one browser: where the callback sends it. */
  async function signIn(email: string): Promise<URLSearchParams> {
    const asked = await fetch(`${origin}/api/saml2/hooli/login?email=${encodeURIComponent(email)}`);
    const cookie = asked.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const authorized = await fetch(await asked.text(), { redirect: 'manual' });
    const callback = await fetch(authorized.headers.get('location')!, { redirect: 'manual', headers: { cookie } });
    expect(callback.status).toBe(303);
    return new URL(callback.headers.get('location')!, origin).searchParams;
  }

  it('signs a member in when the provider behaves', async () => {
    provider.misbehave({});
    expect((await signIn('gavin@hooli.example')).get('lcq')).toBeTruthy();
  });

  it.each<[string, Misbehaviour]>([
    ['a wrong nonce', { claims: { nonce: 'another-sign-in' } }],
    ['another issuer', { claims: { iss: 'https://evil.example' } }],
    ['another audience', { claims: { aud: 'another-app' } }],
    ['a signature by a key not in its jwks_uri', { signedByStranger: true }],
    ['an expired ID token', { claims: { exp: Math.floor(Date.now() / 1000) - 3600 } }],
    ['an address it has not verified', { claims: { email_verified: false } }],
    ['no address', { claims: { email: undefined } }],
  ])('refuses %s, with no session, and says why in the audit', async (_case, how) => {
    provider.misbehave(how);
    const answer = await signIn('gavin@hooli.example');
    expect(answer.get('refused')).toBe('failed');
    expect(answer.get('lcq')).toBeNull();
    const [last] = await api.db.query<{ detail: { protocol: string; reason: string } }>(
      `SELECT detail FROM audit_log WHERE event = 'idp.rejected' ORDER BY id DESC LIMIT 1`,
    );
    expect(last?.detail.protocol).toBe('oidc');
  });

  it('refuses an address outside the organisation’s domains where it provisions just in time, and makes no account', async () => {
    provider.misbehave({});
    await runAdmin(['set-provisioning', '--context', 'hooli', '--mode', 'JUST_IN_TIME'], api.services, { env: {}, stdin: Readable.from([]) });
    expect((await signIn('richard@piedpiper.example')).get('refused')).toBe('not-invited');
    expect(await api.db.query(`SELECT 1 FROM users WHERE email = 'richard@piedpiper.example'`)).toEqual([]);
    expect((await signIn('erlich@hooli.example')).get('lcq')).toBeTruthy();
  });
});
