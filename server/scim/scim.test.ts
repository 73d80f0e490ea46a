import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { runAdmin } from '../admin/cli';
import { findUserByEmail } from '../db/users';
import { TEST_PUBLIC_URL } from '../testing/app';

const PASSWORD = 'Correct-Horse-9';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

describe.each(testDatabases)('SCIM 2.0 from an organisation’s directory on $name', (target) => {
  let api: Api;
  let token: string;
  let otherToken: string;

  const admin = (line: string) => runAdmin(line.split(' '), api.services, { env: {}, stdin: Readable.from([]) });
  const scim = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object, bearer = token) =>
    api.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/scim+json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme', domains: ['acme.example'] });
    await createOrganization(api.db, { context: 'globex', name: 'Globex' });
    token = (JSON.parse(await admin('create-scim-token --context acme')) as { token: string }).token;
    otherToken = (JSON.parse(await admin('create-scim-token --context globex')) as { token: string }).token;
    await createUser(api.db, { email: 'stranger@globex.example', password: PASSWORD, contexts: ['globex'] });
  });
  afterAll(() => api.close());

  it('keeps only the token’s hash', async () => {
    const rows = await api.db.query<{ token_hash: string }>('SELECT token_hash FROM scim_tokens');
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
    expect(rows).toHaveLength(2);
  });

  it('refuses a request without a token, or with a wrong one, 401 in SCIM’s shape', async () => {
    for (const bearer of ['', 'not-a-token']) {
      const answer = await scim('GET', '/Users', undefined, bearer);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ schemas: [ERROR], status: '401' });
      expect(answer.headers['content-type']).toContain('application/scim+json');
    }
  });

  it('tells what it supports: ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    expect((await scim('GET', '/ServiceProviderConfig')).json()).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 100 } });
    expect((await scim('GET', '/ResourceTypes')).json()).toMatchObject({ totalResults: 1, Resources: [{ id: 'User', endpoint: '/Users', schema: USER }] });
    expect((await scim('GET', '/Schemas')).json()).toMatchObject({ totalResults: 1, Resources: [{ id: USER }] });
  });

  it('creates a member as Entra ID sends one, with no password, and answers the resource with its location', async () => {
    const answer = await scim('POST', '/Users', {
      schemas: [USER, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'Ada.Lovelace@acme.example',
      active: true,
      emails: [{ primary: true, type: 'work', value: 'Ada.Lovelace@acme.example' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Ada Lovelace', familyName: 'Lovelace', givenName: 'Ada' },
      roles: [],
    });
    expect(answer.statusCode).toBe(201);
    const user = answer.json<{ id: string }>();
    expect(answer.headers.location).toBe(`${TEST_PUBLIC_URL}/scim/v2/Users/${user.id}`);
    expect(user).toMatchObject({
      schemas: [USER],
      userName: 'Ada.Lovelace@acme.example',
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ value: 'Ada.Lovelace@acme.example', type: 'work', primary: true }],
      active: true,
      meta: { resourceType: 'User', location: `${TEST_PUBLIC_URL}/scim/v2/Users/${user.id}` },
    });
    expect((await findUserByEmail(api.db, 'ada.lovelace@acme.example'))?.password_hash).toBeNull();
    expect((await scim('GET', `/Users/${user.id}`)).json()).toMatchObject({ userName: 'Ada.Lovelace@acme.example' });
  });

  it('refuses a second member with a taken userName, 409 uniqueness', async () => {
    const answer = await scim('POST', '/Users', { schemas: [USER], userName: 'ada.lovelace@acme.example' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
  });

  it('finds a member by userName in any case, and pages the list with integers', async () => {
    await scim('POST', '/Users', { schemas: [USER], userName: 'bob@acme.example' });
    await scim('POST', '/Users', { schemas: [USER], userName: 'carol@acme.example' });
    const found = (await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "ADA.LOVELACE@ACME.EXAMPLE"')}`)).json();
    expect(found).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [{ userName: 'Ada.Lovelace@acme.example' }] });
    const none = (await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody@acme.example"')}`)).json();
    expect(none).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
    const page = (await scim('GET', '/Users?startIndex=2&count=1')).json<{ totalResults: number; Resources: { userName: string }[] }>();
    expect(page).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(page.Resources.map((resource) => resource.userName)).toEqual(['bob@acme.example']);
    expect((await scim('GET', `/Users?filter=${encodeURIComponent('displayName co "a"')}`)).json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
  });

  it('shows another organisation’s member to no token but its own: 404', async () => {
    const stranger = await findUserByEmail(api.db, 'stranger@globex.example');
    expect((await scim('GET', `/Users/${stranger!.id}`)).statusCode).toBe(404);
    expect((await scim('PATCH', `/Users/${stranger!.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] })).statusCode).toBe(
      404,
    );
    expect((await scim('DELETE', `/Users/${stranger!.id}`)).statusCode).toBe(404);
    expect((await scim('GET', `/Users/${stranger!.id}`, undefined, otherToken)).statusCode).toBe(200);
  });

  it('deactivates a member as Entra ID says it ("False" as a string): their session ends at once and they sign in nowhere', async () => {
    const created = (await scim('POST', '/Users', { schemas: [USER], userName: 'leaver@acme.example' })).json<{ id: string }>();
    await api.db.query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = 'stranger@globex.example') WHERE id = $1`, [
      created.id,
    ]);
    const session = (await login(api.app, { email: 'leaver@acme.example', password: PASSWORD })).json<{ token: string }>().token;
    expect((await call(api.app, { method: 'GET', url: '/acme/user/organizations', token: session })).statusCode).toBe(200);

    const answer = await scim('PATCH', `/Users/${created.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ active: false });
    expect((await call(api.app, { method: 'GET', url: '/acme/user/organizations', token: session })).statusCode).toBe(401);
    expect((await login(api.app, { email: 'leaver@acme.example', password: PASSWORD })).json()).toMatchObject({ code: 'account_disabled' });
    // Still listed to the directory, inactive.
    expect((await scim('GET', `/Users/${created.id}`)).json()).toMatchObject({ active: false });
  });

  it('takes Okta’s shapes: a path-less value object with a boolean, and a PUT of the whole resource', async () => {
    const created = (
      await scim('POST', '/Users', { schemas: [USER], userName: 'okta.user@acme.example', name: { givenName: 'Test', familyName: 'User' } })
    ).json<{ id: string }>();
    expect((await scim('PATCH', `/Users/${created.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] })).json()).toMatchObject(
      { active: false },
    );
    expect((await scim('PATCH', `/Users/${created.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: true } }] })).json()).toMatchObject({
      active: true,
    });
    const put = await scim('PUT', `/Users/${created.id}`, {
      schemas: [USER],
      userName: 'okta.user@acme.example',
      name: { givenName: 'Renamed' },
      active: true,
    });
    expect(put.json()).toMatchObject({ name: { givenName: 'Renamed' }, active: true });
    expect(put.json<{ name: object }>().name).not.toHaveProperty('familyName');
  });

  it('changes names and the external id through Entra ID’s paths, and refuses to change the address', async () => {
    const created = (await scim('POST', '/Users', { schemas: [USER], userName: 'grace@acme.example' })).json<{ id: string }>();
    const answer = await scim('PATCH', `/Users/${created.id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Add', path: 'name.givenName', value: 'Grace' },
        { op: 'Replace', path: 'name.familyName', value: 'Hopper' },
        { op: 'Replace', path: 'externalId', value: 'e-42' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'grace@acme.example' },
        { op: 'Replace', path: 'displayName', value: 'Grace Hopper' },
      ],
    });
    expect(answer.json()).toMatchObject({ name: { givenName: 'Grace', familyName: 'Hopper' }, externalId: 'e-42' });
    const [updated] = await api.db.query(`SELECT context, detail FROM audit_log WHERE event = 'member.updated' AND user_id = $1`, [created.id]);
    expect(updated).toEqual({ context: 'acme', detail: { via: 'scim' } });
    const renamed = await scim('PATCH', `/Users/${created.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'userName', value: 'other@acme.example' }],
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ scimType: 'mutability' });
  });

  it('removes a member on DELETE: 204, then 404, and the audit log has every change', async () => {
    const created = (await scim('POST', '/Users', { schemas: [USER], userName: 'gone@acme.example' })).json<{ id: string }>();
    expect((await scim('DELETE', `/Users/${created.id}`)).statusCode).toBe(204);
    expect((await scim('GET', `/Users/${created.id}`)).statusCode).toBe(404);
    const events = await api.db.query<{ event: string; detail: { via: string } }>('SELECT event, detail FROM audit_log WHERE user_id = $1 ORDER BY id', [
      created.id,
    ]);
    expect(events.map((row) => [row.event, row.detail.via])).toEqual([
      ['member.provisioned', 'scim'],
      ['member.ended', 'scim'],
    ]);
  });

  it('refuses a body that is not a User, and a userName that is not an e-mail, in SCIM’s shape', async () => {
    expect((await scim('POST', '/Users', { schemas: [USER], userName: 'not an address' })).json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const broken = await api.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: '{',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ schemas: [ERROR], status: '400' });
  });
});
