import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabase } from '../testing/databases';
import { testApp } from '../testing/app';
import { call, login } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { generateSigningJwk } from '../auth/signing-key';
import { codeAt, currentStep, newTotpSecret } from '../auth/totp';
import { awayFromStepBoundary } from '../testing/totp';
import type { Database } from '../db/database-types';
import { recordTermsAcceptance } from '../db/terms';
import { TestBrowser, authorizationRequest, discoveredApp, finish, frontDoorSession, interactionOf, redeem, registerApp } from '../testing/oidc';

const PASSWORD = 'Correct-Horse-9';
const postgres = testDatabases.find((target) => target.name === 'PostgreSQL') as TestDatabase;

describe('two server instances on one PostgreSQL', () => {
  let schema: string | undefined;
  const databases: Database[] = [];
  let first: Awaited<ReturnType<typeof testApp>>;
  let second: Awaited<ReturnType<typeof testApp>>;
  const totpSecret = newTotpSecret();

  beforeAll(async () => {
    const opened = await postgres.open();
    schema = opened.schema;
    const again = await postgres.open(schema);
    databases.push(opened.db, again.db);
    // Instances side by side share the signing and TOTP keys by configuration (README, "Configuration").
    const env = { SIGNING_KEY: JSON.stringify(await generateSigningJwk()), TOTP_KEY: randomBytes(32).toString('base64') };
    first = await testApp(opened.db, env);
    second = await testApp(again.db, env);
    await createOrganization(opened.db, { context: 'acme', name: 'Acme' });
    const ada = await createUser(opened.db, { email: 'ada@example.com', password: PASSWORD, contexts: ['acme'] });
    await recordTermsAcceptance(opened.db, ada.id, 'acme', 0);
    await createUser(opened.db, {
      email: 'mfa@example.com',
      password: PASSWORD,
      contexts: ['acme'],
      totp: { secret: totpSecret, secrets: first.services.totpSecrets },
    });
  });
  afterAll(async () => {
    await first.app.close();
    await second.app.close();
    for (const db of databases) await db.close();
    await postgres.drop(schema);
  });

  it('refuses on one a TOTP code used on the other', async () => {
    const challenge = codeAt(totpSecret, currentStep());
    expect((await login(first.app, { email: 'mfa@example.com', password: PASSWORD, challenge })).statusCode).toBe(200);
    expect((await login(second.app, { email: 'mfa@example.com', password: PASSWORD, challenge })).statusCode).toBe(401);
  });

  it('accepts the code only once when both get it at the same moment', async () => {
    await databases[0]!.query(`UPDATE users SET totp_last_step = NULL WHERE email = 'mfa@example.com'`);
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
    const notes = await registerApp(second.app, databases[1]!, 'notes');
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
