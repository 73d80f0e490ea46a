import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, freshAddress, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';

describe.each(testDatabases)('SSO mode look-ups on $name', (target) => {
  let api: Api;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme', domains: ['example.com'] });
    await createOrganization(api.db, { context: 'hybrid', name: 'Hybrid', ssoMode: 'LOGIN_SAML', domains: ['hybrid.example'] });
    await createOrganization(api.db, { context: 'globex', name: 'Globex', ssoMode: 'SAML_ONLY', domains: ['globex.example'] });
    await createOrganization(api.db, { context: 'closed', name: 'Closed', ssoMode: 'SAML_ONLY', enabled: false, domains: ['closed.example'] });
    await createUser(api.db, { email: 'ada@example.com', contexts: ['acme'] });
    await createUser(api.db, { email: 'sam@globex.example', contexts: ['acme', 'globex'] });
    await createUser(api.db, { email: 'hal@hybrid.example', contexts: ['hybrid'] });
  });
  afterAll(() => api.close());

  const byEmail = (email: string, remoteAddress = freshAddress()) =>
    call(api.app, { method: 'GET', url: `/organization/${encodeURIComponent(email)}/ssoMode`, remoteAddress });

  it('answers the mode of the organisation of the e-mail’s domain as plain text', async () => {
    const response = await byEmail('hal@hybrid.example');
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toBe('LOGIN_SAML');
    expect((await byEmail('ADA@EXAMPLE.com')).body).toBe('NOT_SET');
    expect((await byEmail('sam@globex.example')).body).toBe('SAML_ONLY');
  });

  it('answers an unknown address at a SAML organisation’s domain as it answers a member', async () => {
    expect((await byEmail('nobody-yet@globex.example')).body).toBe((await byEmail('sam@globex.example')).body);
    expect((await byEmail('nobody-yet@hybrid.example')).body).toBe('LOGIN_SAML');
  });

  it('answers NOT_SET for a domain and a context of no enabled organisation, revealing nothing', async () => {
    expect((await byEmail('nobody@nowhere.example')).body).toBe('NOT_SET');
    expect((await byEmail('someone@closed.example')).body).toBe('NOT_SET');
    expect((await call(api.app, { method: 'GET', url: '/organization/ssoModeByContext/nowhere' })).body).toBe('NOT_SET');
    expect((await call(api.app, { method: 'GET', url: '/organization/ssoModeByContext/globex' })).body).toBe('SAML_ONLY');
  });

  it('matches a context in any case (flows 4.7)', async () => {
    expect((await call(api.app, { method: 'GET', url: '/organization/ssoModeByContext/GloBex' })).body).toBe('SAML_ONLY');
  });

  it('takes every address the e-mail rule of flows 5 takes, up to 254 characters, in the path', async () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(174)}.globex.example`;
    expect(longest).toHaveLength(254);
    expect((await byEmail(longest)).statusCode).toBe(200);
    expect((await byEmail('jöhn@globex.example')).body).toBe('SAML_ONLY');
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
