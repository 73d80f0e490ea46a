import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { runAdmin } from './cli';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabases)('people joining and leaving through the admin command on $name', (target) => {
  let api: Api;
  const admin = (line: string) => runAdmin(line.split(' '), api.services, { env: {}, stdin: Readable.from([]) });

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createOrganization(api.db, { context: 'globex', name: 'Globex' });
  });
  afterAll(() => api.close());

  const signIn = async (email: string) => login(api.app, { email, password: PASSWORD });
  const tokenOf = async (email: string) => (await signIn(email)).json<{ token: string }>().token;
  /** The session still works: the person's own organisations, with its token. */
  const stillSignedIn = async (token: string) => (await call(api.app, { method: 'GET', url: '/acme/user/organizations', token })).statusCode;

  it('disables a person: the session they have ends at once, and a right password signs them in nowhere', async () => {
    await createUser(api.db, { email: 'leaver@example.com', password: PASSWORD, contexts: ['acme'] });
    const token = await tokenOf('leaver@example.com');
    expect(await stillSignedIn(token)).toBe(200);

    expect(await admin('disable-user --email leaver@example.com')).toBe('Disabled leaver@example.com: no sign-in anywhere, every session ended.');
    expect(await stillSignedIn(token)).toBe(401);
    const refused = await signIn('leaver@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_disabled' });
    // A wrong password still reads as any wrong password: nothing tells a guesser the account is disabled.
    expect((await login(api.app, { email: 'leaver@example.com', password: 'Wrong-Horse-9' })).statusCode).toBe(400);
    expect(await admin('disable-user --email leaver@example.com')).toBe('leaver@example.com was disabled already.');
  });

  it('enables a disabled person again', async () => {
    await createUser(api.db, { email: 'returner@example.com', password: PASSWORD, contexts: ['acme'] });
    await admin('disable-user --email returner@example.com');
    expect(await admin('enable-user --email returner@example.com')).toBe('Enabled returner@example.com: they may sign in again.');
    expect((await signIn('returner@example.com')).statusCode).toBe(200);
    expect(await admin('enable-user --email returner@example.com')).toBe('returner@example.com was not disabled.');
  });

  it('removes a member: their sessions end, and they sign in again to their other organisations only', async () => {
    await createUser(api.db, { email: 'mover@example.com', password: PASSWORD, contexts: ['acme', 'globex'] });
    const token = await tokenOf('mover@example.com');
    expect(await admin('remove-member --email mover@example.com --context acme')).toBe('Removed mover@example.com from acme: their sessions ended.');
    expect(await stillSignedIn(token)).toBe(401);
    const again = await signIn('mover@example.com');
    expect(again.statusCode).toBe(200);
    const organizations = await call(api.app, { method: 'GET', url: '/globex/user/organizations', token: again.json<{ token: string }>().token });
    expect(Object.keys(organizations.json<Record<string, unknown>>())).toEqual(['globex']);
  });

  it('signs in nowhere a person whose every organisation ended their membership', async () => {
    await createUser(api.db, { email: 'gone@example.com', password: PASSWORD, contexts: ['acme'] });
    await admin('remove-member --email gone@example.com --context acme');
    const refused = await signIn('gone@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_disabled' });
  });

  it('still signs in a person who never belonged to an organisation, to their own account', async () => {
    await createUser(api.db, { email: 'solo@example.com', password: PASSWORD });
    expect((await signIn('solo@example.com')).statusCode).toBe(200);
  });

  it('lists an organisation’s members as JSON lines, removed ones left out', async () => {
    await createOrganization(api.db, { context: 'initech', name: 'Initech' });
    await createUser(api.db, { email: 'peter@example.com', contexts: ['initech'] });
    await createUser(api.db, { email: 'milton@example.com', contexts: ['initech'] });
    await createUser(api.db, { email: 'bob@example.com', contexts: ['initech'] });
    await admin('remove-member --email bob@example.com --context initech');
    await admin('disable-user --email milton@example.com');
    const lines = (await admin('list-members --context initech')).split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    // Two people who joined in the same millisecond may come in either order: compare them by address.
    lines.sort((a, b) => String(a.email).localeCompare(String(b.email)));
    expect(lines).toEqual([
      { email: 'milton@example.com', active: true, ended: null, disabled: true, since: expect.any(String) },
      { email: 'peter@example.com', active: true, ended: null, disabled: false, since: expect.any(String) },
    ]);
  });

  it('writes every change to the audit log', async () => {
    await createUser(api.db, { email: 'audited@example.com', contexts: ['acme'] });
    await admin('disable-user --email audited@example.com');
    await admin('enable-user --email audited@example.com');
    await admin('remove-member --email audited@example.com --context acme');
    const rows = await api.db.query<{ event: string; context: string | null; detail: object }>(
      `SELECT a.event, a.context, a.detail FROM audit_log a JOIN users u ON u.id = a.user_id WHERE u.email = 'audited@example.com' ORDER BY a.id`,
    );
    expect(rows).toEqual([
      { event: 'user.disabled', context: null, detail: { via: 'operator' } },
      { event: 'user.enabled', context: null, detail: { via: 'operator' } },
      { event: 'member.ended', context: 'acme', detail: { end: 'removed', via: 'operator' } },
    ]);
  });

  it('refuses an unknown person, an unknown organisation and a person who is not a member, in one line each', async () => {
    await expect(admin('disable-user --email nobody@example.com')).rejects.toThrow('No user has e-mail "nobody@example.com".');
    await expect(admin('remove-member --email leaver@example.com --context nowhere')).rejects.toThrow('No organisation has context "nowhere".');
    await expect(admin('remove-member --email solo@example.com --context acme')).rejects.toThrow('solo@example.com is not a member of acme.');
    await expect(admin('list-members --context nowhere')).rejects.toThrow('No organisation has context "nowhere".');
    await expect(admin('set-provisioning --context acme --mode SOMETIMES')).rejects.toThrow('--mode must be one of INVITED, JUST_IN_TIME.');
    await expect(admin('remove-member --email solo@example.com')).rejects.toThrow('--context is required.');
  });

  it('sets how the organisation’s identity provider sign-ins make accounts', async () => {
    expect(await admin('set-provisioning --context acme --mode JUST_IN_TIME')).toBe('Provisioning of acme is JUST_IN_TIME.');
    const [row] = await api.db.query(`SELECT provisioning FROM organizations WHERE context = 'acme'`);
    expect(row).toEqual({ provisioning: 'JUST_IN_TIME' });
  });
});
