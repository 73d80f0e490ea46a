import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { createDevIdentityProvider, type DevIdentityProvider } from '../dev/identity-provider';
import { buildSamlResponseXml, signAssertion, type SigningKeyPair } from '../dev/identity-provider-response';
import {
  base64,
  insertOrganization,
  insertUser,
  openSamlTestBed,
  otherKeyPair,
  postToAcs,
  PUBLIC_URL,
  readForm,
  responseFields,
  startLogin,
  type SamlTestBed,
} from '../testing/saml';

let idp: DevIdentityProvider;
let stranger: SigningKeyPair;
beforeAll(async () => {
  [idp, stranger] = await Promise.all([createDevIdentityProvider({}), otherKeyPair()]);
});

/** The Assertion element of a response, as text. */
function assertionOf(xml: string): string {
  const match = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml);
  if (!match) throw new Error('no assertion');
  return match[0];
}

function expectRejected(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ statusCode: 400, code: 'saml_rejected' });
}

describe.each(testDatabases)('the SAML assertion consumer on $name', (target) => {
  let bed: SamlTestBed;

  beforeAll(async () => {
    bed = await openSamlTestBed(target, idp);
    await insertOrganization(bed.db, idp, { context: 'acme' });
    await insertOrganization(bed.db, idp, { context: 'beta' });
    await insertOrganization(bed.db, idp, { context: 'gamma', issuer: 'urn:gamma-idp', certificate: stranger.certificate });
    await insertUser(bed.db, 'ada@example.com', 'acme');
    await insertUser(bed.db, 'mallory@example.com', 'acme');
    await insertUser(bed.db, 'bob@example.com', 'acme', 'none');
    await insertUser(bed.db, 'carol@example.com', 'acme', 'disabled');
  });
  afterAll(async () => {
    await bed.close();
  });

  /** A login started at our server, and the dev IdP's correctly signed answer for the e-mail. */
  async function signedAnswer(email: string, context = 'acme', returnTo?: string) {
    const login = await startLogin(bed.app, context, returnTo);
    const xml = idp.signResponse(responseFields(context, login.requestId, email));
    return { login, xml, form: { SAMLResponse: base64(xml), RelayState: login.relayState } };
  }

  it('signs a member in through the whole SP-initiated flow and carries app, domain, route and locale', async () => {
    const { app } = bed;
    const returnTo = '/login?app=portal&domain=acme&route=%2Fdashboard&locale=de&other=dropped';
    const login = await startLogin(app, 'acme', returnTo);
    const signInPage = await app.inject({ method: 'GET', url: `${login.url.pathname}${login.url.search}` });
    expect(signInPage.statusCode).toBe(200);
    const signIn = readForm(signInPage.body);
    const responsePage = await app.inject({
      method: 'POST',
      url: signIn.action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...signIn.fields, email: 'ada@example.com' }).toString(),
    });
    expect(responsePage.statusCode).toBe(200);
    const post = readForm(responsePage.body);
    expect(post.action).toBe(`${PUBLIC_URL}/api/saml2/acme/acs`);

    const answer = await postToAcs(app, 'acme', { SAMLResponse: post.fields.SAMLResponse!, RelayState: post.fields.RelayState! });
    expect(answer.statusCode).toBe(303);
    const location = new URL(answer.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/login/sso/success`);
    expect([...location.searchParams.keys()]).toEqual(['lcq', 'app', 'domain', 'route', 'locale']);
    expect(location.searchParams.get('locale')).toBe('de');
    expect(location.searchParams.get('app')).toBe('portal');
    expect(location.searchParams.get('domain')).toBe('acme');
    expect(location.searchParams.get('route')).toBe('/dashboard');
    const claims = await bed.services.tokens.verifySession(location.searchParams.get('lcq')!);
    expect(claims.email).toBe('ada@example.com');
    expect(claims.contexts).toEqual(['acme']);
    expect(claims.amr).toEqual(['saml']);
  });

  it('gives a member of several organisations a session for the organisation whose identity provider signed in only', async () => {
    await insertUser(bed.db, 'multi@example.com', 'acme');
    await bed.db.query(
      `INSERT INTO memberships (user_id, organization_id) SELECT u.id, o.id FROM users u, organizations o WHERE u.email = 'multi@example.com' AND o.context = 'beta'`,
    );
    const { form } = await signedAnswer('multi@example.com', 'beta');
    const answer = await postToAcs(bed.app, 'beta', form);
    expect(answer.statusCode).toBe(303);
    const claims = await bed.services.tokens.verifySession(new URL(answer.headers.location as string).searchParams.get('lcq')!);
    expect(claims.contexts).toEqual(['beta']);
  });

  it('sends the member to the success page with only the token when no returnTo was given', async () => {
    const { form } = await signedAnswer('ada@example.com');
    const answer = await postToAcs(bed.app, 'acme', form);
    expect(answer.statusCode).toBe(303);
    expect([...new URL(answer.headers.location as string).searchParams.keys()]).toEqual(['lcq']);
  });

  it('refuses an unsigned response', async () => {
    const login = await startLogin(bed.app, 'acme');
    const xml = buildSamlResponseXml({ ...responseFields('acme', login.requestId, 'ada@example.com'), issuer: idp.issuer });
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(xml), RelayState: login.relayState }));
  });

  it('refuses a response signed with another certificate', async () => {
    const login = await startLogin(bed.app, 'acme');
    const xml = signAssertion(buildSamlResponseXml({ ...responseFields('acme', login.requestId, 'ada@example.com'), issuer: idp.issuer }), stranger);
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(xml), RelayState: login.relayState }));
  });

  it('refuses a signed assertion with an unsigned assertion for someone else injected beside it', async () => {
    const { login, xml } = await signedAnswer('ada@example.com');
    const injected = assertionOf(buildSamlResponseXml({ ...responseFields('acme', login.requestId, 'mallory@example.com'), issuer: idp.issuer }));
    const wrapped = xml.replace('<saml:Assertion', `${injected}<saml:Assertion`);
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(wrapped), RelayState: login.relayState }));
  });

  it('refuses a signed assertion hidden in an extension while a forged one carrying its signature takes its place', async () => {
    const { login, xml } = await signedAnswer('ada@example.com');
    const signed = assertionOf(xml);
    const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signed)![0];
    const forged = assertionOf(buildSamlResponseXml({ ...responseFields('acme', login.requestId, 'mallory@example.com'), issuer: idp.issuer })).replace(
      /(<saml:Assertion[^>]*>\s*<saml:Issuer>[^<]*<\/saml:Issuer>)/,
      `$1${signature}`,
    );
    const wrapped = xml.replace(signed, `<samlp:Extensions>${signed}</samlp:Extensions>${forged}`);
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(wrapped), RelayState: login.relayState }));
  });

  it('refuses a signed assertion whose NameID was changed to someone else', async () => {
    const { login, xml } = await signedAnswer('ada@example.com');
    const tampered = xml.replace('>ada@example.com<', '>mallory@example.com<');
    expect(tampered).not.toBe(xml);
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(tampered), RelayState: login.relayState }));
  });

  it('refuses the same response posted a second time', async () => {
    const { form } = await signedAnswer('ada@example.com');
    expect((await postToAcs(bed.app, 'acme', form)).statusCode).toBe(303);
    expectRejected(await postToAcs(bed.app, 'acme', form));
  });

  it('lets only one of two simultaneous posts of the same response sign in', async () => {
    const { form } = await signedAnswer('ada@example.com');
    const answers = await Promise.all([postToAcs(bed.app, 'acme', form), postToAcs(bed.app, 'acme', form)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([303, 400]);
  });

  it('refuses an assertion whose ID was already used to sign in, even in answer to a new request', async () => {
    const first = await startLogin(bed.app, 'acme');
    const fields = { ...responseFields('acme', first.requestId, 'ada@example.com'), assertionId: '_reused-assertion' };
    const accepted = await postToAcs(bed.app, 'acme', { SAMLResponse: base64(idp.signResponse(fields)), RelayState: first.relayState });
    expect(accepted.statusCode).toBe(303);
    const second = await startLogin(bed.app, 'acme');
    const again = idp.signResponse({ ...fields, inResponseTo: second.requestId });
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(again), RelayState: second.relayState }));
  });

  it('refuses a response to a request it never issued', async () => {
    const xml = idp.signResponse(responseFields('acme', '_0123456789abcdef0123456789abcdef01234567', 'ada@example.com'));
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(xml), RelayState: '_0123456789abcdef0123456789abcdef01234567' }));
  });

  it('refuses a response to a request issued for another organisation', async () => {
    const login = await startLogin(bed.app, 'beta');
    const xml = idp.signResponse(responseFields('acme', login.requestId, 'ada@example.com'));
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(xml), RelayState: login.relayState }));
  });

  it('refuses a response whose RelayState is not the one issued with the request', async () => {
    const { form } = await signedAnswer('ada@example.com');
    const other = await startLogin(bed.app, 'acme');
    expectRejected(await postToAcs(bed.app, 'acme', { ...form, RelayState: other.relayState }));
  });

  it('refuses an expired assertion', async () => {
    const login = await startLogin(bed.app, 'acme');
    const xml = idp.signResponse({
      ...responseFields('acme', login.requestId, 'ada@example.com'),
      issuedAt: new Date(Date.now() - 60 * 60 * 1000),
    });
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(xml), RelayState: login.relayState }));
  });

  it('refuses an assertion that is not valid yet', async () => {
    const login = await startLogin(bed.app, 'acme');
    const xml = idp.signResponse({
      ...responseFields('acme', login.requestId, 'ada@example.com'),
      issuedAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(xml), RelayState: login.relayState }));
  });

  it('refuses an assertion meant for another audience', async () => {
    const login = await startLogin(bed.app, 'acme');
    const xml = idp.signResponse({ ...responseFields('acme', login.requestId, 'ada@example.com'), audience: 'https://elsewhere.example/sp' });
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(xml), RelayState: login.relayState }));
  });

  it('refuses an assertion addressed to another assertion consumer', async () => {
    const login = await startLogin(bed.app, 'acme');
    const xml = idp.signResponse({ ...responseFields('acme', login.requestId, 'ada@example.com'), destination: 'https://elsewhere.example/acs' });
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(xml), RelayState: login.relayState }));
  });

  it('refuses an assertion from another issuer, even signed with the organisation’s certificate', async () => {
    const login = await startLogin(bed.app, 'gamma');
    const xml = signAssertion(buildSamlResponseXml({ ...responseFields('gamma', login.requestId, 'ada@example.com'), issuer: 'urn:another-tenant' }), stranger);
    expectRejected(await postToAcs(bed.app, 'gamma', { SAMLResponse: base64(xml), RelayState: login.relayState }));
  });

  it.each([
    ['a user who is not a member', 'bob@example.com'],
    ['a member whose membership is disabled', 'carol@example.com'],
    ['an e-mail without an account', 'nobody@example.com'],
  ])('sends %s back to the front door told to ask the organisation’s administrator, with no session', async (_case, email) => {
    const { form } = await signedAnswer(email, 'acme', '/login?app=portal&locale=de');
    const answer = await postToAcs(bed.app, 'acme', form);
    expect(answer.statusCode).toBe(303);
    const location = new URL(answer.headers.location as string);
    expect(location.pathname).toBe('/login/sso/success');
    expect(Object.fromEntries(location.searchParams)).toEqual({ refused: 'not-invited', app: 'portal', locale: 'de' });
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an assertion whose NameID is not an e-mail', async () => {
    const { form } = await signedAnswer('ada');
    expectRejected(await postToAcs(bed.app, 'acme', form));
  });

  it('refuses a body that is not base64 XML', async () => {
    const login = await startLogin(bed.app, 'acme');
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64('<not xml'), RelayState: login.relayState }));
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: '%%%', RelayState: login.relayState }));
  });

  it('logs why a response was refused without its content', async () => {
    const login = await startLogin(bed.app, 'acme');
    const xml = idp.signResponse({ ...responseFields('acme', login.requestId, 'ada@example.com'), audience: 'https://elsewhere.example/sp' });
    bed.logs.length = 0;
    expectRejected(await postToAcs(bed.app, 'acme', { SAMLResponse: base64(xml), RelayState: login.relayState }));
    const entries = bed.logs.map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string; context?: string });
    expect(entries).toContainEqual(expect.objectContaining({ level: 40, msg: 'SAML response rejected', context: 'acme' }));
    expect(entries.find((entry) => entry.msg === 'SAML response rejected')?.reason).toMatch(/audience/);
    const logged = bed.logs.join('\n');
    expect(logged).not.toContain('elsewhere.example');
    expect(logged).not.toContain('ada@example.com');
    expect(logged).not.toContain(base64(xml).slice(0, 40));
  });

  it('answers 404 for a context without SAML, 415 for a JSON body and 400 for a malformed form', async () => {
    const { form } = await signedAnswer('ada@example.com');
    expect((await postToAcs(bed.app, 'nowhere', form)).statusCode).toBe(404);
    const json = await bed.app.inject({ method: 'POST', url: '/api/saml2/acme/acs', payload: form });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ code: 'unsupported_media_type' });
    const missing = await postToAcs(bed.app, 'acme', { SAMLResponse: form.SAMLResponse, RelayState: '' });
    expect(missing.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    const repeated = await bed.app.inject({
      method: 'POST',
      url: '/api/saml2/acme/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams(form).toString()}&RelayState=again`,
    });
    expect(repeated.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    const badDomain = await postToAcs(bed.app, '-acme', form);
    expect(badDomain.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    const tooLarge = await postToAcs(bed.app, 'acme', { SAMLResponse: 'A'.repeat(200 * 1024), RelayState: form.RelayState });
    expect(tooLarge.statusCode).toBe(413);
  });

  if (target.name === 'PostgreSQL') {
    it('accepts the response on another server instance and refuses its replay on the first', async () => {
      const second = await openSamlTestBed(target, idp, bed.schema);
      try {
        const { form } = await signedAnswer('ada@example.com');
        const answer = await postToAcs(second.app, 'acme', form);
        expect(answer.statusCode).toBe(303);
        expectRejected(await postToAcs(bed.app, 'acme', form));
      } finally {
        await second.close();
      }
    });
  }
});
