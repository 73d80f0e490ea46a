import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, freshAddress, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';

describe.each(testDatabases)('SSO mode look-ups on $name', (target) => {
  let api: Api;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createOrganization(api.db, { context: 'hybrid', name: 'Hybrid', ssoMode: 'LOGIN_SAML' });
    await createOrganization(api.db, { context: 'globex', name: 'Globex', ssoMode: 'SAML_ONLY' });
    await createUser(api.db, { email: 'ada@example.com', contexts: ['acme'] });
    await createUser(api.db, { email: 'sam@globex.example', contexts: ['acme', 'globex'] });
    await createUser(api.db, { email: 'hal@example.com', contexts: ['hybrid'] });
  });
  afterAll(() => api.close());

  const byEmail = (email: string, remoteAddress = freshAddress()) =>
    call(api.app, { method: 'GET', url: `/organization/${encodeURIComponent(email)}/ssoMode`, remoteAddress });

  it('answers the mode of the user’s organisation as plain text', async () => {
    const response = await byEmail('hal@example.com');
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toBe('LOGIN_SAML');
    expect((await byEmail('ADA@example.com')).body).toBe('NOT_SET');
  });

  it('answers SAML_ONLY when any of the user’s organisations signs in through SAML only', async () => {
    expect((await byEmail('sam@globex.example')).body).toBe('SAML_ONLY');
  });

  it('answers NOT_SET for an unknown e-mail and an unknown context, revealing nothing', async () => {
    expect((await byEmail('nobody@example.com')).body).toBe('NOT_SET');
    expect((await call(api.app, { method: 'GET', url: '/organization/ssoModeByContext/nowhere' })).body).toBe('NOT_SET');
    expect((await call(api.app, { method: 'GET', url: '/organization/ssoModeByContext/globex' })).body).toBe('SAML_ONLY');
  });

  it('refuses a path that is not an e-mail with 400', async () => {
    expect((await byEmail('not an email')).statusCode).toBe(400);
  });

  it('limits look-ups from one address', async () => {
    const address = freshAddress();
    const answers = [];
    for (let index = 0; index < 125; index += 1) answers.push((await byEmail(`probe${index}@example.com`, address)).statusCode);
    expect(answers.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(answers.slice(120).every((status) => status === 429)).toBe(true);
  });
});
