import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { testDatabases } from '../server/testing/databases';
import { testApp } from '../server/testing/app';
import { createOrganization } from '../server/admin/operations';
import { createScimToken } from '../server/auth/directory';
import { findOrganization, updateOidc, updateSsoMode } from '../server/db/organizations';
import type { Database } from '../server/db/database-types';
import { loadContract } from './contract-checker/document';
import { createResponseValidator } from './contract-checker/validator';
import { runContractChecks } from './contract-checker/run';
import { UsageError, parseOptions } from './contract-checker/options';
import { sessionTypeProblems } from './contract-checker/tokens';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';

const origin = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

describe.each(testDatabases)('the contract checker against the reference server on $name', (target) => {
  let db: Database;
  let schema: string | undefined;
  let app: FastifyInstance;
  let scimToken: string;

  beforeAll(async () => {
    ({ db, schema } = await target.open());
    ({ app } = await testApp(db));
    // Registration puts new accounts into the organisations open for it: the run's account lands here.
    await createOrganization(db, {
      context: 'acme',
      name: 'Acme',
      openRegistration: true,
      termsVersion: 3,
      termsContent: { en: 'https://acme.example/terms.pdf' },
    });
    // An organisation signing in through an OpenID Provider; the checks never reach the provider.
    await createOrganization(db, { context: 'initech', name: 'Initech', openRegistration: false, termsVersion: 1 });
    await updateOidc(db, 'initech', { issuer: 'https://idp.initech.example', clientId: 'front-door', sealedSecret: 'unopened' });
    await updateSsoMode(db, 'initech', 'SAML_ONLY');
    await app.listen({ port: 0, host: '127.0.0.1' });
    scimToken = await createScimToken(db, (await findOrganization(db, 'acme'))!.id);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await target.drop(schema);
  });

  it('passes every check with an account it registers through the development outbox, deactivated once through its organisation’s directory', async () => {
    const lines: string[] = [];
    const options = parseOptions(
      [
        '--base-url',
        `${origin(app)}/api`,
        '--dev-mail-url',
        `${origin(app)}/dev/mail.json`,
        '--scim-url',
        `${origin(app)}/scim/v2`,
        // Joined with `=`: a token is base64url and one in 64 begins with a dash, which parseArgs
        // would take for an option of its own.
        `--scim-token=${scimToken}`,
        '--oidc-context',
        'initech',
      ],
      {},
    )!;
    const result = await runContractChecks(options, (line) => lines.push(line));
    expect(lines.filter((line) => !line.startsWith('✓'))).toEqual([
      `Checking ${origin(app)}/api against openapi/auth.yaml`,
      ...lines.filter((line) => line.startsWith('  … waiting')),
      `${result.passed} passed, 0 failed`,
    ]);
    expect(result.passed).toBeGreaterThan(30);
    expect(lines).toContain('✓ login with the right password of a deactivated account answers 403 account_disabled');
    expect(lines).toContain('✓ a callback no browser of this client started answers 303 to /login/sso/success with refused=failed and no session');
  }, 180_000);
});

describe('the contract checker against a server that breaks the contract', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // Answers every request with 200 and an empty object, whatever the contract says.
    app = Fastify();
    app.all('/*', async () => ({}));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('fails its checks and says what was wrong', async () => {
    const lines: string[] = [];
    const options = parseOptions(['--base-url', `${origin(app)}/api`, '--email', 'jane@example.com', '--password', 'Correct-Horse-9'], {})!;
    const result = await runContractChecks(options, (line) => lines.push(line));
    expect(result.failed).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe(`${result.passed} passed, ${result.failed} failed`);
    expect(lines).toContain('✗ ssoModeByContext for an unknown context answers NOT_SET');
    expect(lines.join('\n')).toContain('content type "application/json; charset=utf-8" is not listed (listed: text/plain)');
  });
});

describe('the response validator', () => {
  const validate = createResponseValidator(loadContract());
  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    headers: new Headers({ 'content-type': 'application/json; charset=utf-8', ...headers }),
    body: JSON.stringify(body),
  });
  const user = {
    id: '3f0c9a8e-5b7d-4c1e-9f2a-6d8b7e4a1c05',
    email: 'jane@example.com',
    language: 'en',
    termsAndConditions: { acme: { acceptedVersion: 2 } },
  };
  const rateLimited = { statusCode: 429, error: 'Too Many Requests', message: 'Slow down', code: 'rate_limited' };

  it('accepts a response that honours the contract', () => {
    expect(validate('getUser', { status: 200, ...json(user) })).toEqual([]);
    expect(validate('login', { status: 429, ...json(rateLimited, { 'retry-after': '30' }) })).toEqual([]);
  });

  it('catches a body missing a required property', () => {
    const { email: _left, ...withoutEmail } = user;
    expect(validate('getUser', { status: 200, ...json(withoutEmail) })).toEqual(["body must have required property 'email'"]);
  });

  it('catches a status the operation does not list', () => {
    expect(validate('getUser', { status: 500, ...json({ statusCode: 500, error: 'Internal Server Error', message: 'oops' }) })).toEqual([
      'status 500 is not listed (listed: 200, 401, 403, 404, 503)',
    ]);
  });

  it('catches a missing required header and a header value outside its schema', () => {
    expect(validate('login', { status: 429, ...json(rateLimited) })).toEqual(['header Retry-After is required but missing']);
    expect(validate('login', { status: 200, ...json({ context: 'acme', token: 'a.b.c' }, { 'www-authenticate': 'SOMETIMES' }) })).toEqual([
      'header www-authenticate: "SOMETIMES" must be equal to one of the allowed values (OPTIONAL, REQUIRED)',
    ]);
  });

  it('catches a body where the contract has none, and a content type it does not list', () => {
    expect(validate('logout', { status: 204, ...json({}) })).toEqual([
      'the contract gives this status no body, got 2 bytes of application/json; charset=utf-8',
    ]);
    expect(validate('getSsoModeByContext', { status: 200, ...json('NOT_SET') })).toEqual([
      'content type "application/json; charset=utf-8" is not listed (listed: text/plain)',
    ]);
  });

  it('validates text/plain bodies against their schema', () => {
    const text = (body: string) => ({ headers: new Headers({ 'content-type': 'text/plain; charset=utf-8' }), body });
    expect(validate('getSsoModeByContext', { status: 200, ...text('NOT_SET') })).toEqual([]);
    expect(validate('getSsoModeByContext', { status: 200, ...text('MAYBE') })).toEqual([
      'body must be equal to one of the allowed values (NOT_SET, LOGIN_SAML, SAML_ONLY)',
    ]);
  });
});

describe('the options', () => {
  it('reads the environment when an option is not given', () => {
    const env = { CONTRACT_BASE_URL: 'http://localhost:8080/api/', CONTRACT_EMAIL: 'jane@example.com', CONTRACT_PASSWORD: 'secret' };
    expect(parseOptions([], env)).toEqual({
      baseUrl: 'http://localhost:8080/api',
      account: { kind: 'given', email: 'jane@example.com', password: 'secret' },
    });
  });

  it.each([
    [[], /--base-url is required/],
    [['--base-url', 'localhost:8080'], /must be an http or https URL/],
    [['--base-url', 'http://localhost:8080/api'], /An account is required/],
    [['--base-url', 'http://localhost:8080/api', '--email', 'jane@example.com'], /go together/],
    [['--base-url', 'http://localhost:8080/api', '--verbose'], /Unknown option '--verbose'/],
  ])('refuses %j with a usage error', (argv, message) => {
    expect(() => parseOptions(argv, {})).toThrow(UsageError);
    expect(() => parseOptions(argv, {})).toThrow(message);
  });
});

describe('the session token type the checker expects', () => {
  const signed = async (typ: string, aud: string) => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', typ }).setAudience(aud).sign(privateKey);
    return sessionTypeProblems(token, decodeJwt(token));
  };

  it('takes a session+jwt token for the API audience', async () => {
    expect(await signed('session+jwt', 'frontdoor')).toEqual([]);
  });

  it('names an untyped token and a token of another kind', async () => {
    expect(await signed('JWT', 'frontdoor')).toEqual(['the typ header must be session+jwt, got "JWT"']);
    expect((await signed('mfa-setup+jwt', 'frontdoor/mfa-setup')).join('; ')).toMatch(/typ header must be session\+jwt.*aud must be the API audience/);
  });
});
