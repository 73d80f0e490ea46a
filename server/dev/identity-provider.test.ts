import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { createDevIdentityProvider, type DevIdentityProvider } from './identity-provider';
import { insertOrganization, openSamlTestBed, PUBLIC_URL, readForm, startLogin, type SamlTestBed } from '../testing/saml';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A deflated, base64 AuthnRequest as the HTTP-Redirect binding carries it. */
function authnRequest(fields: { acs: string; issuer: string; root?: string }): string {
  const root = fields.root ?? 'AuthnRequest';
  const xml =
    `<samlp:${root} xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_req1" Version="2.0" ` +
    `IssueInstant="${new Date().toISOString()}" AssertionConsumerServiceURL="${fields.acs}">` +
    `<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${fields.issuer}</saml:Issuer></samlp:${root}>`;
  return deflateRawSync(xml).toString('base64');
}

describe('the development identity provider’s key', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps its key and certificate in the data directory, readable by the owner only, across restarts', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'frontdoor-idp-')), 'data');
    dirs.push(dataDir);
    const first = await createDevIdentityProvider({ dataDir });
    const second = await createDevIdentityProvider({ dataDir });
    expect(second.certificate).toBe(first.certificate);
    expect(first.certificate).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const file = join(dataDir, 'dev-idp.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ certificate: first.certificate, privateKey: expect.stringMatching(/PRIVATE KEY/) });
  });

  it('makes a fresh key in memory when there is no data directory', async () => {
    const [a, b] = await Promise.all([createDevIdentityProvider({}), createDevIdentityProvider({})]);
    expect(a.certificate).not.toBe(b.certificate);
    expect(a.entryPoint).toBe('/dev/idp/sso');
  });
});

describe('the development identity provider’s pages', () => {
  let idp: DevIdentityProvider;
  let bed: SamlTestBed;

  beforeAll(async () => {
    idp = await createDevIdentityProvider({});
    bed = await openSamlTestBed(
      testDatabases.find((target) => target.name === 'PGlite')!,
      idp,
    );
    await insertOrganization(bed.db, idp, { context: 'acme' });
  });
  afterAll(async () => {
    await bed.close();
  });

  it('shows an accessible sign-in page with the request in hidden fields and no inline script or style', async () => {
    const login = await startLogin(bed.app, 'acme');
    const page = await bed.app.inject({ method: 'GET', url: `${login.url.pathname}${login.url.search}&login_hint=ada%40example.com` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<label for="email">E-mail</label>');
    expect(page.body).toMatch(/<input id="email" name="email" type="email"[^>]* value="ada@example.com">/);
    expect(page.body).toContain('<button type="submit">Sign in</button>');
    expect(page.body).not.toMatch(/<script|<style|\sstyle=|\son\w+=/);
    const form = readForm(page.body);
    expect(form.action).toBe('/dev/idp/sso');
    expect(form.fields).toEqual({ SAMLRequest: login.url.searchParams.get('SAMLRequest'), RelayState: login.relayState });
  });

  it('speaks the browser’s language on its sign-in page and on the page that posts the response', async () => {
    const login = await startLogin(bed.app, 'acme');
    const page = await bed.app.inject({ method: 'GET', url: `${login.url.pathname}${login.url.search}`, headers: { 'accept-language': 'de' } });
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('<h1>Entwicklungs-Identitätsanbieter</h1>');
    expect(page.body).toContain('<button type="submit">Anmelden</button>');
    const answer = await bed.app.inject({
      method: 'POST',
      url: '/dev/idp/sso',
      headers: { ...FORM, 'accept-language': 'it' },
      payload: new URLSearchParams({
        SAMLRequest: login.url.searchParams.get('SAMLRequest')!,
        RelayState: login.relayState,
        email: 'ada@example.com',
      }).toString(),
    });
    expect(answer.body).toContain('<html lang="it">');
    expect(answer.body).toContain('<button type="submit">Continua</button>');
  });

  it('answers a page that posts the signed response to our assertion consumer through a same-origin script', async () => {
    const login = await startLogin(bed.app, 'acme');
    const page = await bed.app.inject({
      method: 'POST',
      url: '/dev/idp/sso',
      headers: FORM,
      payload: new URLSearchParams({
        SAMLRequest: login.url.searchParams.get('SAMLRequest')!,
        RelayState: login.relayState,
        email: 'ada@example.com',
      }).toString(),
    });
    expect(page.statusCode).toBe(200);
    const form = readForm(page.body);
    expect(form.action).toBe(`${PUBLIC_URL}/api/saml2/acme/acs`);
    expect(form.fields.RelayState).toBe(login.relayState);
    const xml = Buffer.from(form.fields.SAMLResponse!, 'base64').toString('utf8');
    expect(xml).toContain(`InResponseTo="${login.requestId}"`);
    expect(xml).toMatch(/<saml:Assertion [^>]*><saml:Issuer>urn:frontdoor:dev-idp<\/saml:Issuer><ds:Signature/);
    expect(xml).toContain('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(xml).toContain(`<saml:Audience>${PUBLIC_URL}/api/saml2/acme</saml:Audience>`);
    expect(page.body).toContain('<script src="/dev/idp/autosubmit.js" defer></script>');
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)|<style|\sstyle=|\son\w+=/);
    expect(page.body).toContain('<button type="submit">Continue</button>');

    const script = await bed.app.inject({ method: 'GET', url: '/dev/idp/autosubmit.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('.submit()');
  });

  it.each([
    ['another site’s assertion consumer', { acs: 'https://evil.example/acs', issuer: 'https://evil.example' }],
    ['our origin outside our assertion consumers', { acs: `${PUBLIC_URL}/login/sso/success`, issuer: `${PUBLIC_URL}/api/saml2/acme` }],
    ['an issuer other than our entity id for that organisation', { acs: `${PUBLIC_URL}/api/saml2/acme/acs`, issuer: `${PUBLIC_URL}/api/saml2/beta` }],
    ['a message that is not an AuthnRequest', { acs: `${PUBLIC_URL}/api/saml2/acme/acs`, issuer: `${PUBLIC_URL}/api/saml2/acme`, root: 'LogoutRequest' }],
  ])('refuses to sign in for %s', async (_case, fields) => {
    const samlRequest = authnRequest(fields);
    const page = await bed.app.inject({ method: 'GET', url: `/dev/idp/sso?${new URLSearchParams({ SAMLRequest: samlRequest })}` });
    expect(page.statusCode).toBe(400);
    const post = await bed.app.inject({
      method: 'POST',
      url: '/dev/idp/sso',
      headers: FORM,
      payload: new URLSearchParams({ SAMLRequest: samlRequest, email: 'ada@example.com' }).toString(),
    });
    expect(post.statusCode).toBe(400);
    expect(post.body).not.toContain('SAMLResponse');
  });

  it('signs for our own assertion consumer when the request is well formed', async () => {
    const samlRequest = authnRequest({ acs: `${PUBLIC_URL}/api/saml2/acme/acs`, issuer: `${PUBLIC_URL}/api/saml2/acme` });
    const page = await bed.app.inject({ method: 'GET', url: `/dev/idp/sso?${new URLSearchParams({ SAMLRequest: samlRequest })}` });
    expect(page.statusCode).toBe(200);
  });

  it('refuses a SAMLRequest that is not deflated XML', async () => {
    for (const samlRequest of ['not base64!', Buffer.from('plain text').toString('base64'), deflateRawSync('<unclosed').toString('base64')]) {
      const page = await bed.app.inject({ method: 'GET', url: `/dev/idp/sso?${new URLSearchParams({ SAMLRequest: samlRequest })}` });
      expect(page.statusCode).toBe(400);
    }
  });

  it('answers 415 for a body that is not a form and 400 for a missing or malformed e-mail', async () => {
    const login = await startLogin(bed.app, 'acme');
    const SAMLRequest = login.url.searchParams.get('SAMLRequest')!;
    const json = await bed.app.inject({ method: 'POST', url: '/dev/idp/sso', payload: { SAMLRequest, email: 'ada@example.com' } });
    expect(json.statusCode).toBe(415);
    const missing = await bed.app.inject({ method: 'POST', url: '/dev/idp/sso', headers: FORM, payload: new URLSearchParams({ SAMLRequest }).toString() });
    expect(missing.statusCode).toBe(400);
    const malformed = await bed.app.inject({
      method: 'POST',
      url: '/dev/idp/sso',
      headers: FORM,
      payload: new URLSearchParams({ SAMLRequest, email: 'ada' }).toString(),
    });
    expect(malformed.statusCode).toBe(400);
  });
});
