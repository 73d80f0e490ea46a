import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { readOutbox } from '../mail/mail-queue';
import { PASSWORD_LISTS_VERSION, RANGE_SERVICE_TIMEOUT_MS } from '../auth/known-passwords';

const PASSWORD = 'Known-Horse-9';
const REFUSED = ['Password123', 'Welcome2024', 'Qwerty12345'];
/** Made of a member of acme's own e-mail (lovelace) or organisation (acme). */
const OWN_WORDS = ['Lovelace1815', 'Acme2025acme'];
const ACCEPTED = 'correct-horse-battery-9X';

const tokenOf = (link: string) => Buffer.from(new URL(link).searchParams.get('token')!, 'base64').toString('utf8');

/** A Pwned Passwords range service of one listed password, as api.pwnedpasswords.com answers: each SHA-1 suffix of the prefix asked, with a count. */
function rangeService(listed: string, delayMs = 0) {
  const digest = createHash('sha1').update(listed).digest('hex').toUpperCase();
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    asked.push(request.url ?? '');
    const prefix = /^\/range\/([0-9A-F]{5})$/.exec(request.url ?? '')?.[1];
    const lines = [`${'0'.repeat(35)}:3`, ...(prefix === digest.slice(0, 5) ? [`${digest.slice(5)}:52`] : [])];
    setTimeout(() => response.writeHead(prefix ? 200 : 404, { 'content-type': 'text/plain' }).end(lines.join('\r\n')), delayMs);
  });
  return {
    asked,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases)('new passwords attackers try first, on $name', (target) => {
  let api: Api;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme', openRegistration: true });
    await createUser(api.db, { email: 'ada.lovelace@example.com', password: PASSWORD, contexts: ['acme'] });
  });
  afterAll(() => api.close());

  const setPassword = (token: string, payload: Record<string, unknown>) =>
    call(api.app, { method: 'POST', url: '/set-password', token, payload: { challenge: '', ...payload } });

  async function linkTo(email: string, kind: 'register' | 'forgot-password', path: string): Promise<string> {
    expect((await call(api.app, { method: 'POST', url: `/${kind}`, payload: { email, language: 'en' } })).statusCode).toBe(202);
    await api.services.background.idle();
    const mail = (await readOutbox(api.db, 500)).find((sent) => sent.to === email && sent.links.some((link) => new URL(link).pathname === path));
    return tokenOf(mail!.links.find((link) => new URL(link).pathname === path)!);
  }

  let people = 0;
  /** A member of acme of their own, so one case's mails do not fill another's cap. */
  async function member(): Promise<string> {
    people += 1;
    const email = `ada.lovelace.${people}@example.com`;
    await createUser(api.db, { email, password: PASSWORD, contexts: ['acme'] });
    return email;
  }

  it.each([...REFUSED, ...OWN_WORDS])('refuses %s from a reset link with password_compromised, and the link still sets another', async (password) => {
    const token = await linkTo(await member(), 'forgot-password', '/reset-password/update');
    const refused = await setPassword(token, { password });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'password_compromised' });
    expect((await setPassword(token, { password: ACCEPTED })).statusCode).toBe(200);
  });

  it.each([...REFUSED, 'Grace2024hopper', 'Acme2025acme'])(
    'refuses %s from a registration’s signup link, and takes correct-horse-battery-9X',
    async (password) => {
      people += 1;
      const email = `grace.hopper.${people}@example.com`;
      const token = await linkTo(email, 'register', '/signup');
      expect((await setPassword(token, { password })).json()).toMatchObject({ statusCode: 400, code: 'password_compromised' });
      expect((await setPassword(token, { password: ACCEPTED })).statusCode).toBe(200);
    },
  );

  it.each([...REFUSED, ...OWN_WORDS])('refuses %s as a session’s new password, which keeps the current one', async (password) => {
    const session = (await login(api.app, { email: 'ada.lovelace@example.com', password: PASSWORD })).json().token as string;
    const refused = await setPassword(session, { password, currentPassword: PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'password_compromised' });
    expect((await login(api.app, { email: 'ada.lovelace@example.com', password: PASSWORD })).statusCode).toBe(200);
  });

  it('tells a sign-in whose password is known to attackers so, without stopping it, and records the person’s answer', async () => {
    await createUser(api.db, { email: 'old.habits@example.com', password: 'Welcome2024', contexts: ['acme'] });
    const known = await login(api.app, { email: 'old.habits@example.com', password: 'Welcome2024' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toMatchObject({ context: 'acme', passwordCompromised: true });
    const good = await login(api.app, { email: 'ada.lovelace@example.com', password: PASSWORD });
    expect(good.json()).not.toHaveProperty('passwordCompromised');

    const token = known.json<{ token: string }>().token;
    const answer = (choice: string) => call(api.app, { method: 'POST', url: '/acme/user/password-notice', token, payload: { choice } });
    expect((await answer('later')).statusCode).toBe(204);
    expect((await answer('never')).statusCode).toBe(400);
    const rows = await api.db.query<{ detail: { choice: string } }>("SELECT detail FROM audit_log WHERE event = 'password.known_notice'");
    expect(rows.map((row) => row.detail.choice)).toEqual(['later']);
  });

  it('judges a password at sign-in only when the lists changed since it was last judged, and keeps telling a known one', async () => {
    await createUser(api.db, { email: 'judged.once@example.com', password: 'Welcome2024', contexts: ['acme'] });
    const signIn = () => login(api.app, { email: 'judged.once@example.com', password: 'Welcome2024' });
    const stored = () => api.db.query("SELECT password_checked_with, password_known FROM users WHERE email = 'judged.once@example.com'");
    expect((await signIn()).json()).toMatchObject({ passwordCompromised: true });
    expect(await stored()).toEqual([{ password_checked_with: PASSWORD_LISTS_VERSION, password_known: true }]);
    expect((await signIn()).json()).toMatchObject({ passwordCompromised: true });
    // As if the lists in force had found it fine: the sign-in takes their verdict and judges nothing.
    await api.db.query("UPDATE users SET password_known = false WHERE email = 'judged.once@example.com'");
    expect((await signIn()).json()).not.toHaveProperty('passwordCompromised');
    // Lists changed since: judged again, and known.
    await api.db.query("UPDATE users SET password_checked_with = 'earlier lists' WHERE email = 'judged.once@example.com'");
    expect((await signIn()).json()).toMatchObject({ passwordCompromised: true });
    expect(await stored()).toEqual([{ password_checked_with: PASSWORD_LISTS_VERSION, password_known: true }]);
  });

  it('records the lists a password was judged against when it is chosen, and when a sign-in finds it not known', async () => {
    const email = await member();
    const checked = async () =>
      (await api.db.query<{ password_checked_with: string | null }>('SELECT password_checked_with FROM users WHERE email = $1', [email]))[0]
        ?.password_checked_with;
    expect(await checked()).toBeNull();
    const session = (await login(api.app, { email, password: PASSWORD })).json<{ token: string }>().token;
    expect(await checked()).toBe(PASSWORD_LISTS_VERSION);
    await api.db.query('UPDATE users SET password_checked_with = NULL WHERE email = $1', [email]);
    expect((await setPassword(session, { password: ACCEPTED, currentPassword: PASSWORD })).statusCode).toBe(200);
    expect(await checked()).toBe(PASSWORD_LISTS_VERSION);
  });

  it('records a refused password in the audit log without the password', async () => {
    const session = (await login(api.app, { email: 'ada.lovelace@example.com', password: PASSWORD })).json().token as string;
    await setPassword(session, { password: 'Welcome2024', currentPassword: PASSWORD });
    const rows = await api.db.query<{ event: string; detail: unknown }>("SELECT event, detail FROM audit_log WHERE event = 'password.known_refused'");
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('Welcome2024');
  });
});

describe.each(testDatabases)('a Pwned Passwords range service beside the bundled lists, on $name', (target) => {
  const listed = 'Zebra-Quartz-Lamp-77';
  const quick = rangeService(listed);
  const slow = rangeService(listed, RANGE_SERVICE_TIMEOUT_MS * 3);
  let api: Api;
  let slowApi: Api;

  beforeAll(async () => {
    api = await openApi(target, { PWNED_PASSWORDS_URL: await quick.start() });
    slowApi = await openApi(target, { PWNED_PASSWORDS_URL: await slow.start() });
    for (const { db } of [api, slowApi]) {
      await createOrganization(db, { context: 'acme', name: 'Acme' });
      await createUser(db, { email: 'ada@example.com', password: PASSWORD, contexts: ['acme'] });
    }
  });
  afterAll(async () => {
    await Promise.all([api.close(), slowApi.close()]);
    await Promise.all([quick.close(), slow.close()]);
  });

  /** Changes ada's password, and back when it was taken. */
  const change = async (on: Api, password: string) => {
    const session = (await login(on.app, { email: 'ada@example.com', password: PASSWORD })).json().token as string;
    const changed = await call(on.app, {
      method: 'POST',
      url: '/set-password',
      token: session,
      payload: { password, currentPassword: PASSWORD, challenge: '' },
    });
    if (changed.statusCode === 200) {
      const back = { password: PASSWORD, currentPassword: password, challenge: '' };
      expect((await call(on.app, { method: 'POST', url: '/set-password', token: changed.json().token, payload: back })).statusCode).toBe(200);
    }
    return changed;
  };

  it('refuses a password the service lists, sending it only the first five hex digits of its SHA-1', async () => {
    const refused = await change(api, listed);
    expect(refused.json()).toMatchObject({ statusCode: 400, code: 'password_compromised' });
    const digest = createHash('sha1').update(listed).digest('hex').toUpperCase();
    expect(quick.asked).toContain(`/range/${digest.slice(0, 5)}`);
    expect(quick.asked.join(' ')).not.toContain(digest.slice(5));
  });

  it('takes a password the service does not list', async () => {
    expect((await change(api, 'Unlisted-Quartz-Lamp-78')).statusCode).toBe(200);
  });

  it('decides by the bundled lists alone when the service is slower than a second', async () => {
    const started = Date.now();
    expect((await change(slowApi, listed)).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(RANGE_SERVICE_TIMEOUT_MS * 3);
    expect((await change(slowApi, 'Welcome2024')).json()).toMatchObject({ code: 'password_compromised' });
  });
});
