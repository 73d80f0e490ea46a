import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { createDevIdentityProvider, type DevIdentityProvider } from '../dev/identity-provider';
import { setSaml } from '../admin/operations';
import { findOrganization } from '../db/organizations';
import { insertOrganization, openSamlTestBed, PUBLIC_URL, requestLoginUrl, type SamlTestBed } from '../testing/saml';

let idp: DevIdentityProvider;
beforeAll(async () => {
  idp = await createDevIdentityProvider({});
});

describe.each(testDatabases)('the SAML login URL on $name', (target) => {
  let bed: SamlTestBed;

  beforeAll(async () => {
    bed = await openSamlTestBed(target, idp);
    await insertOrganization(bed.db, idp, { context: 'acme', ssoMode: 'SAML_ONLY' });
    await insertOrganization(bed.db, idp, { context: 'mixed', ssoMode: 'LOGIN_SAML' });
    await insertOrganization(bed.db, idp, { context: 'password', ssoMode: 'NOT_SET' });
    await insertOrganization(bed.db, idp, { context: 'closed', enabled: false });
    await insertOrganization(bed.db, idp, { context: 'nocert', certificate: null });
    await insertOrganization(bed.db, idp, { context: 'noentry', entryPoint: null });
    await insertOrganization(bed.db, idp, { context: 'plainhttp', entryPoint: 'http://idp.example.com/sso' });
    await bed.db.query(`INSERT INTO organization_domains (domain, organization_id) SELECT 'acme.example', id FROM organizations WHERE context = 'acme'`);
  });
  afterAll(async () => {
    await bed.close();
  });

  it('follows no identity provider over plain http but the development one on a loopback front door', async () => {
    expect((await requestLoginUrl(bed.app, 'plainhttp')).statusCode).toBe(404);
    for (const entryPoint of [
      'http://idp.example.com/sso',
      'http://localhost:8080/other',
      'http://idp.example.com/dev/idp/sso',
      'ftp://idp.example.com/sso',
      'https://user:pw@idp.example.com/sso',
      '/dev/idp/sso',
    ]) {
      await expect(setSaml(bed.db, 'acme', { entryPoint, issuer: idp.issuer, certificate: idp.certificate }), entryPoint).rejects.toThrow(/https/);
    }
    expect(await findOrganization(bed.db, 'acme')).toMatchObject({ saml_entry_point: `${PUBLIC_URL}/dev/idp/sso` });
    await setSaml(bed.db, 'mixed', { entryPoint: 'https://idp.example.com/sso', issuer: idp.issuer, certificate: idp.certificate });
    await setSaml(bed.db, 'mixed', { entryPoint: `${PUBLIC_URL}/dev/idp/sso`, issuer: idp.issuer, certificate: idp.certificate });
  });

  it('answers the IdP URL as text with a SAMLRequest for our ACS and an opaque RelayState naming it', async () => {
    const response = await requestLoginUrl(bed.app, 'acme');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const url = new URL(response.body);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/dev/idp/sso`);
    const relayState = url.searchParams.get('RelayState')!;
    expect(Buffer.byteLength(relayState)).toBeLessThanOrEqual(80);
    const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString();
    expect(request).toContain(`ID="${relayState}"`);
    expect(request).toContain(`AssertionConsumerServiceURL="${PUBLIC_URL}/api/saml2/acme/acs"`);
    expect(request).toContain(`>${PUBLIC_URL}/api/saml2/acme</saml:Issuer>`);
  });

  it('finds the organisation by an e-mail domain it claims, or by its context in any case, answering with its ACS', async () => {
    for (const name of ['acme.example', 'ACME.example', 'Acme']) {
      const response = await requestLoginUrl(bed.app, name, { email: '' });
      expect(response.statusCode, name).toBe(200);
      const url = new URL(response.body);
      expect(url.searchParams.has('login_hint')).toBe(false);
      expect(inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString()).toContain(
        `AssertionConsumerServiceURL="${PUBLIC_URL}/api/saml2/acme/acs"`,
      );
    }
    expect((await requestLoginUrl(bed.app, 'nobody.example')).statusCode).toBe(404);
  });

  it('starts a login for an organisation that allows both SAML and passwords', async () => {
    expect((await requestLoginUrl(bed.app, 'mixed')).statusCode).toBe(200);
  });

  it('issues a new request each time', async () => {
    const [first, second] = await Promise.all([requestLoginUrl(bed.app, 'acme'), requestLoginUrl(bed.app, 'acme')]);
    expect(new URL(first.body).searchParams.get('RelayState')).not.toBe(new URL(second.body).searchParams.get('RelayState'));
  });

  it('passes the e-mail on to the IdP as a login hint', async () => {
    const response = await requestLoginUrl(bed.app, 'acme', { email: 'ada@example.com' });
    expect(new URL(response.body).searchParams.get('login_hint')).toBe('ada@example.com');
  });

  it('remembers returnTo with the request', async () => {
    const returnTo = '/login?app=portal&domain=acme&route=%2Fdashboard';
    const response = await requestLoginUrl(bed.app, 'acme', { returnTo });
    const id = new URL(response.body).searchParams.get('RelayState');
    const rows = await bed.db.query('SELECT context, return_to FROM saml_requests WHERE id = $1', [id]);
    expect(rows).toEqual([{ context: 'acme', return_to: returnTo }]);
  });

  it('accepts a returnTo URL on the front door’s own origin', async () => {
    const response = await requestLoginUrl(bed.app, 'acme', { returnTo: `${PUBLIC_URL}/login?app=admin` });
    expect(response.statusCode).toBe(200);
  });

  it.each(['https://evil.example/login', '//evil.example/login', '/\\evil.example', 'javascript:alert(1)', 'login', '/\t/evil.example'])(
    'refuses the off-site returnTo %j with 400',
    async (returnTo) => {
      const response = await requestLoginUrl(bed.app, 'acme', { returnTo });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    },
  );

  it.each([
    ['an organisation that signs in with passwords only', 'password'],
    ['an unknown context', 'nowhere'],
    ['a disabled organisation', 'closed'],
    ['an organisation without an IdP certificate', 'nocert'],
    ['an organisation without an IdP entry point', 'noentry'],
  ])('answers 404 for %s', async (_case, context) => {
    const response = await requestLoginUrl(bed.app, context);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
  });

  it('answers 400 for a name that is neither a context nor a domain, and for a malformed e-mail', async () => {
    expect((await requestLoginUrl(bed.app, 'a..b')).json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect((await requestLoginUrl(bed.app, 'acme', { email: 'not-an-email' })).json()).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
    });
  });
});
