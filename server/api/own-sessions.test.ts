import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { deviceOf, maskedAddress } from '../auth/sessions';
import type { components } from '../../openapi/auth';

const PASSWORD = 'Correct-Horse-9';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Session = components['schemas']['Session'];

describe('a session’s device, as a person would name it', () => {
  it('names the browser with its major version and the system with its version', () => {
    expect(deviceOf(LAPTOP)).toEqual({ browser: 'Chrome 131', system: 'Windows 10' });
    expect(deviceOf(PHONE)).toEqual({ browser: 'Mobile Safari 17', system: 'iOS 17.5' });
    expect(deviceOf(undefined)).toEqual({ browser: '', system: '' });
    expect(deviceOf('curl/8.4.0')).toEqual({ browser: '', system: '' });
  });

  it('hides the host part of the address', () => {
    expect(maskedAddress('203.0.113.42')).toBe('203.0.113.*');
    expect(maskedAddress('::ffff:198.51.100.7')).toBe('198.51.100.*');
    expect(maskedAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:*');
    expect(maskedAddress('2001:db8::1')).toBe('2001:db8:0:*');
    expect(maskedAddress('not an address')).toBe('');
  });
});

describe.each(testDatabases)('a person’s own sessions on $name', (target) => {
  let api: Api;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createUser(api.db, { email: 'ada@example.com', password: PASSWORD, contexts: ['acme'] });
    await createUser(api.db, { email: 'eve@example.com', password: PASSWORD, contexts: ['acme'] });
  });
  afterAll(() => api.close());

  /** A sign-in of `email` from a browser and an address. */
  async function signIn(userAgent: string, remoteAddress: string, email = 'ada@example.com'): Promise<string> {
    const answer = await call(api.app, {
      method: 'POST',
      url: '/login',
      payload: { email, password: PASSWORD },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ token: string }>().token;
  }
  const sessions = (token: string) => call(api.app, { method: 'GET', url: '/acme/user/sessions', token });
  const listed = async (token: string) => (await sessions(token)).json<Session[]>();
  const signOutOne = (token: string, id: string) => call(api.app, { method: 'DELETE', url: `/acme/user/sessions/${id}`, token });
  const signOutMany = (token: string, which: string) => call(api.app, { method: 'POST', url: '/acme/user/sessions/sign-out', token, payload: { which } });
  const works = async (token: string) => (await call(api.app, { method: 'GET', url: '/acme/user/organizations', token })).statusCode === 200;
  const sid = (token: string) => decodeJwt(token).sid as string;

  async function endEverySession() {
    const token = await signIn(LAPTOP, '203.0.113.1');
    expect((await signOutMany(token, 'all')).statusCode).toBe(200);
  }

  it('lists each sign-in as a session with its browser, system, masked address and times, the caller’s marked current', async () => {
    await endEverySession();
    const before = Date.now();
    const laptop = await signIn(LAPTOP, '203.0.113.42');
    const phone = await signIn(PHONE, '198.51.100.7');
    expect(sid(laptop)).not.toBe(sid(phone));
    const list = await listed(laptop);
    expect(list).toHaveLength(2);
    expect(list.find((session) => session.id === sid(laptop))).toMatchObject({
      browser: 'Chrome 131',
      system: 'Windows 10',
      address: '203.0.113.*',
      current: true,
    });
    expect(list.find((session) => session.id === sid(phone))).toMatchObject({
      browser: 'Mobile Safari 17',
      system: 'iOS 17.5',
      address: '198.51.100.*',
      current: false,
    });
    for (const session of list) {
      expect(Date.parse(session.startedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(session.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(session.startedAt));
    }
    expect((await listed(phone)).map((session) => [session.id, session.current])).toEqual([
      [sid(phone), true],
      [sid(laptop), false],
    ]);
  });

  it('signs one session out: its token answers 401 at once, the others stay in', async () => {
    await endEverySession();
    const laptop = await signIn(LAPTOP, '203.0.113.42');
    const phone = await signIn(PHONE, '198.51.100.7');
    expect((await signOutOne(laptop, sid(phone))).statusCode).toBe(204);
    const refused = await call(api.app, { method: 'GET', url: '/acme/user/organizations', token: phone });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalid_token', message: 'The session has ended: sign in again.' });
    expect(await works(laptop)).toBe(true);
    expect((await listed(laptop)).map((session) => session.id)).toEqual([sid(laptop)]);
  });

  it('signs out of other devices, keeping the caller’s session', async () => {
    await endEverySession();
    const laptop = await signIn(LAPTOP, '203.0.113.42');
    const phone = await signIn(PHONE, '198.51.100.7');
    const tablet = await signIn(PHONE, '198.51.100.8');
    const answer = await signOutMany(laptop, 'others');
    expect(answer.json()).toEqual({ signedOut: 2 });
    expect([await works(laptop), await works(phone), await works(tablet)]).toEqual([true, false, false]);
  });

  it('counts only the sessions it listed when signing out of other devices, not those that had expired already', async () => {
    await endEverySession();
    const laptop = await signIn(LAPTOP, '203.0.113.42');
    const phone = await signIn(PHONE, '198.51.100.7');
    const old = await signIn(PHONE, '198.51.100.9');
    await api.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = $1`, [sid(old)]);
    expect(await listed(laptop)).toHaveLength(2);
    expect((await signOutMany(laptop, 'others')).json()).toEqual({ signedOut: 1 });
    expect(await works(phone)).toBe(false);
  });

  it('signs out everywhere, the caller’s session included, and a stale token then gets 401 with a clear message', async () => {
    await endEverySession();
    const laptop = await signIn(LAPTOP, '203.0.113.42');
    const phone = await signIn(PHONE, '198.51.100.7');
    expect((await signOutMany(laptop, 'all')).json()).toEqual({ signedOut: 2 });
    expect([await works(laptop), await works(phone)]).toEqual([false, false]);
    const stale = await signOutOne(laptop, sid(laptop));
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: 'invalid_token', message: 'The session has ended: sign in again.' });
  });

  it('answers 404 for an unknown, malformed or another person’s session id, and ends nothing', async () => {
    await endEverySession();
    const ada = await signIn(LAPTOP, '203.0.113.42');
    const eve = await signIn(PHONE, '198.51.100.7', 'eve@example.com');
    for (const id of [sid(eve), '00000000-0000-4000-8000-000000000000', 'not-a-session']) {
      const answer = await signOutOne(ada, id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'not_found' });
    }
    expect([await works(ada), await works(eve)]).toEqual([true, true]);
    expect((await listed(ada)).map((session) => session.id)).toEqual([sid(ada)]);
  });

  it('refuses a body that names neither others nor all', async () => {
    const token = await signIn(LAPTOP, '203.0.113.42');
    expect((await signOutMany(token, 'everyone')).statusCode).toBe(400);
    expect(await works(token)).toBe(true);
  });

  it('writes a session’s last activity at a call once it is five minutes old, and not sooner', async () => {
    await endEverySession();
    const laptop = await signIn(LAPTOP, '203.0.113.42');
    // Read beside the API: a call to the list would itself be activity.
    const activeAt = async () =>
      new Date((await api.db.query<{ at: Date | string }>('SELECT last_active_at AS at FROM sessions WHERE id = $1', [sid(laptop)]))[0]!.at).toISOString();
    await api.db.query("UPDATE sessions SET last_active_at = now() - interval '4 minutes' WHERE id = $1", [sid(laptop)]);
    const recent = await activeAt();
    expect(await works(laptop)).toBe(true);
    expect(await activeAt()).toBe(recent);
    await api.db.query("UPDATE sessions SET last_active_at = now() - interval '6 minutes' WHERE id = $1", [sid(laptop)]);
    const old = await activeAt();
    expect(await works(laptop)).toBe(true);
    expect(Date.parse(await activeAt()) - Date.parse(old)).toBeGreaterThan(5 * 60 * 1000);
  });

  it('drops a logged-out session from the list', async () => {
    await endEverySession();
    const laptop = await signIn(LAPTOP, '203.0.113.42');
    const phone = await signIn(PHONE, '198.51.100.7');
    expect((await call(api.app, { method: 'GET', url: '/frontdoor/logout', token: phone })).statusCode).toBeLessThan(300);
    expect((await listed(laptop)).map((session) => session.id)).toEqual([sid(laptop)]);
  });

  it('keeps the session of a password change, which ends the other sessions', async () => {
    await endEverySession();
    const laptop = await signIn(LAPTOP, '203.0.113.42');
    await signIn(PHONE, '198.51.100.7');
    const changed = await call(api.app, {
      method: 'POST',
      url: '/set-password',
      token: laptop,
      payload: { password: 'Changed-Horse-10', currentPassword: PASSWORD, challenge: '' },
    });
    const renewed = changed.json<{ token: string }>().token;
    expect(sid(renewed)).toBe(sid(laptop));
    expect((await listed(renewed)).map((session) => session.id)).toEqual([sid(laptop)]);
    await call(api.app, {
      method: 'POST',
      url: '/set-password',
      token: renewed,
      payload: { password: PASSWORD, currentPassword: 'Changed-Horse-10', challenge: '' },
    });
  });
});
