import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoInstances, type TwoInstances } from '../testing/two-instances';
import { call, login } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { runAdmin } from '../admin/cli';
import { Readable } from 'node:stream';
import { codeAt, currentStep, newTotpSecret } from '../auth/totp';
import { awayFromStepBoundary } from '../testing/totp';
import { recordTermsAcceptance } from '../db/terms';
import { TestBrowser, authorizationRequest, discoveredApp, finish, frontDoorSession, interactionOf, redeem, registerApp } from '../testing/oidc';

const PASSWORD = 'Correct-Horse-9';

describe('two server instances on one PostgreSQL', () => {
  let instances: TwoInstances;
  let first: TwoInstances['first'];
  let second: TwoInstances['second'];
  const totpSecret = newTotpSecret();

  beforeAll(async () => {
    instances = await twoInstances();
    ({ first, second } = instances);
    const { db } = instances;
    await createOrganization(db, { context: 'acme', name: 'Acme' });
    const ada = await createUser(db, { email: 'ada@example.com', password: PASSWORD, contexts: ['acme'] });
    await recordTermsAcceptance(db, ada.id, 'acme', 0);
    await createUser(db, {
      email: 'mfa@example.com',
      password: PASSWORD,
      contexts: ['acme'],
      totp: { secret: totpSecret, secrets: first.services.totpSecrets },
    });
  });
  afterAll(() => instances.close());

  it('refuses on one a TOTP code used on the other', async () => {
    const challenge = codeAt(totpSecret, currentStep());
    expect((await login(first.app, { email: 'mfa@example.com', password: PASSWORD, challenge })).statusCode).toBe(200);
    expect((await login(second.app, { email: 'mfa@example.com', password: PASSWORD, challenge })).statusCode).toBe(401);
  });

  it('accepts the code only once when both get it at the same moment', async () => {
    await instances.db.query(`UPDATE users SET totp_last_step = NULL WHERE email = 'mfa@example.com'`);
    await awayFromStepBoundary();
    const challenge = codeAt(totpSecret, currentStep() - 1);
    const answers = await Promise.all([first.app, second.app].map((app) => login(app, { email: 'mfa@example.com', password: PASSWORD, challenge })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses on one a token revoked on the other', async () => {
    const token = (await login(first.app, { email: 'ada@example.com', password: PASSWORD })).json<{ token: string }>().token;
    expect((await call(second.app, { method: 'GET', url: '/acme/user/organizations', token })).statusCode).toBe(200);
    expect((await call(first.app, { method: 'GET', url: '/frontdoor/logout', token })).statusCode).toBe(204);
    expect((await call(second.app, { method: 'GET', url: '/acme/user/organizations', token })).statusCode).toBe(401);
  });

  it('refuses on one at once a session its person signed out on the other', async () => {
    const signIn = async () => (await login(first.app, { email: 'ada@example.com', password: PASSWORD })).json<{ token: string }>().token;
    const [laptop, phone] = [await signIn(), await signIn()];
    expect((await call(second.app, { method: 'GET', url: '/acme/user/organizations', token: phone })).statusCode).toBe(200);
    const signedOut = await call(first.app, { method: 'POST', url: '/acme/user/sessions/sign-out', token: laptop, payload: { which: 'others' } });
    expect(signedOut.statusCode).toBe(200);
    expect((await call(second.app, { method: 'GET', url: '/acme/user/organizations', token: phone })).statusCode).toBe(401);
    expect((await call(second.app, { method: 'GET', url: '/acme/user/organizations', token: laptop })).statusCode).toBe(200);
  });

  it('serves one OpenID Provider: an app’s sign-in started on one is finished, resumed and redeemed on the other', async () => {
    const notes = await registerApp(second.app, instances.db, 'notes');
    const onFirst = { ...notes, config: await discoveredApp(first.app, 'notes') };
    const browserOnFirst = new TestBrowser(first.app);
    const request = await authorizationRequest(onFirst);
    const { uid } = interactionOf((await browserOnFirst.follow(request.url)).location);
    const token = await frontDoorSession(second.app, 'ada@example.com', PASSWORD);
    const browserOnSecond = new TestBrowser(second.app);
    for (const [name, value] of browserOnFirst.cookies) browserOnSecond.cookies.set(name, value);
    const finished = await finish(second.app, browserOnSecond, uid, token, 'acme');
    expect(finished.statusCode, finished.body).toBe(200);
    const { location } = await browserOnFirst.follow(finished.json<{ redirectTo: string }>().redirectTo);
    const tokens = await redeem(notes, request, location!);
    expect(tokens.claims()).toMatchObject({ email: 'ada@example.com', org: 'acme', aud: 'notes' });
  });
});

describe('a company directory’s deactivation across two server instances on one PostgreSQL', () => {
  let instances: TwoInstances;

  beforeAll(async () => {
    instances = await twoInstances();
    await createOrganization(instances.db, { context: 'acme', name: 'Acme' });
    await createUser(instances.db, { email: 'leaver@example.com', password: PASSWORD, contexts: ['acme'] });
  });
  afterAll(() => instances.close());

  it('ends on one instance the session the other handed out, the moment the directory deactivates the person there', async () => {
    const { first, second } = instances;
    const session = (await login(first.app, { email: 'leaver@example.com', password: PASSWORD })).json<{ token: string }>().token;
    expect((await call(first.app, { method: 'GET', url: '/acme/user/organizations', token: session })).statusCode).toBe(200);
    const token = (
      JSON.parse(await runAdmin(['create-scim-token', '--context', 'acme'], second.services, { env: {}, stdin: Readable.from([]) })) as { token: string }
    ).token;
    const scim = (method: 'GET' | 'PATCH', url: string, body?: object) =>
      second.app.inject({
        method,
        url: `/scim/v2${url}`,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/scim+json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    const [member] = (await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "leaver@example.com"')}`)).json<{ Resources: { id: string }[] }>()
      .Resources;
    const patched = await scim('PATCH', `/Users/${member!.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(patched.statusCode).toBe(200);
    expect((await call(first.app, { method: 'GET', url: '/acme/user/organizations', token: session })).statusCode).toBe(401);
  });
});
