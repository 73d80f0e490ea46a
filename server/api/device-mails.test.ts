import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { readOutbox } from '../mail/mail-queue';
import type { OutboxMail } from '../db/mail-queue';
import { DEVICE_COOKIE } from '../web/device-cookie';

const PASSWORD = 'Correct-Horse-9';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(testDatabases)('new-device and password mails on $name', (target) => {
  let api: Api;
  let people = 0;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
  });
  afterAll(() => api.close());

  async function person(): Promise<string> {
    people += 1;
    const email = `owner-${people}@example.com`;
    await createUser(api.db, { email, password: PASSWORD, contexts: ['acme'] });
    return email;
  }

  /** A password sign-in from a browser: the device its cookie names, or a new one; answers the cookie it holds after. */
  async function signIn(email: string, userAgent: string, device?: string): Promise<{ token: string; device: string; setCookie: string | undefined }> {
    const answer = await call(api.app, {
      method: 'POST',
      url: '/login',
      payload: { email, password: PASSWORD },
      headers: { 'user-agent': userAgent, ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
    });
    expect(answer.statusCode).toBe(200);
    const setCookie = [answer.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    const held = device ?? /^[^=]+=([^;]+)/.exec(setCookie ?? '')?.[1];
    expect(held).toBeTruthy();
    return { token: answer.json<{ token: string }>().token, device: held!, setCookie };
  }

  async function mailsTo(email: string): Promise<OutboxMail[]> {
    await api.services.background.idle();
    await api.services.mail.drain();
    return (await readOutbox(api.db, 1000)).filter((mail) => mail.to === email).reverse();
  }

  it('gives a browser a long-lived HttpOnly device cookie at its first sign-in, for the API only', async () => {
    const { setCookie } = await signIn(await person(), LAPTOP);
    expect(setCookie).toMatch(/^frontdoor_device=[\w-]{43}; Max-Age=34560000; Path=\/api; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('mails nothing at an account’s first sign-in, one mail at a sign-in from a new device, and none from a known one', async () => {
    const email = await person();
    const laptop = await signIn(email, LAPTOP);
    expect(await mailsTo(email)).toEqual([]);
    await signIn(email, PHONE);
    await signIn(email, LAPTOP, laptop.device);
    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual(['New sign-in to your account']);
    expect(mails[0]!.text).toContain('from Mobile Safari 17 on iOS 17.5');
    expect(mails[0]!.links.some((link) => new URL(link).pathname === '/secure-account')).toBe(true);
  });

  it('mails a sign-in from a device not used for 90 days', async () => {
    const email = await person();
    const laptop = await signIn(email, LAPTOP);
    await signIn(email, PHONE);
    const laptopHash = createHash('sha256').update(laptop.device).digest('hex');
    await api.db.query("UPDATE known_devices SET last_seen = now() - interval '91 days' WHERE device_hash = $1", [laptopHash]);
    const before = (await mailsTo(email)).length;
    await signIn(email, LAPTOP, laptop.device);
    expect((await mailsTo(email)).slice(before).map((mail) => mail.subject)).toEqual(['New sign-in to your account']);
  });

  it('names a browser and system only from the known ones: a header of the signer’s choosing says nothing in the mail', async () => {
    const email = await person();
    await signIn(email, LAPTOP);
    await signIn(email, 'Mozilla/5.0 (Call-support-555-0100 9.9) Call-support-555-0100/9.9');
    const [mail] = await mailsTo(email);
    expect(mail!.text).toContain('from an unknown browser on an unknown system');
    // The header's words, not its digits alone: the mail's random link may hold any three digits.
    expect(mail!.text).not.toMatch(/Call-support|555-0100/);
    expect(mail!.html).not.toMatch(/Call-support|555-0100/);
  });

  it('mails a changed password and a reset one, naming the browser, and not a first password from an invitation', async () => {
    const email = await person();
    const { token, device } = await signIn(email, LAPTOP);
    const changed = await call(api.app, {
      method: 'POST',
      url: '/set-password',
      token,
      headers: { 'user-agent': LAPTOP, cookie: `${DEVICE_COOKIE}=${device}` },
      payload: { password: 'Changed-Horse-10', currentPassword: PASSWORD, challenge: '' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(api.app, { method: 'POST', url: '/forgot-password', payload: { email, language: 'en' } })).statusCode).toBe(202);
    const reset = (await mailsTo(email)).find((mail) => mail.links.some((link) => new URL(link).pathname === '/reset-password/update'))!;
    const link = Buffer.from(new URL(reset.links[0]!).searchParams.get('token')!, 'base64').toString('utf8');
    const setByLink = await call(api.app, {
      method: 'POST',
      url: '/set-password',
      token: link,
      headers: { 'user-agent': PHONE },
      payload: { password: PASSWORD, challenge: '' },
    });
    expect(setByLink.statusCode).toBe(200);
    const alerts = (await mailsTo(email)).filter((mail) => mail.subject !== reset.subject);
    expect(alerts.map((mail) => mail.subject)).toEqual(['Your password was changed', 'Your password was reset']);
    expect(alerts[0]!.text).toContain('from Chrome 131 on Windows 10');
    expect(alerts[1]!.text).toContain('from Mobile Safari 17 on iOS 17.5');

    await call(api.app, { method: 'POST', url: '/register', payload: { email: 'invited@example.com', language: 'en' } });
    const signup = (await mailsTo('invited@example.com'))[0]!;
    const invitation = Buffer.from(new URL(signup.links[0]!).searchParams.get('token')!, 'base64').toString('utf8');
    expect((await call(api.app, { method: 'POST', url: '/set-password', token: invitation, payload: { password: PASSWORD, challenge: '' } })).statusCode).toBe(
      200,
    );
    expect((await mailsTo('invited@example.com')).map((mail) => mail.subject)).toEqual([signup.subject]);
  });

  it('“This wasn’t me” from a new-device mail ends every session and mails a link to choose a new password', async () => {
    const email = await person();
    const laptop = await signIn(email, LAPTOP);
    const phone = await signIn(email, PHONE);
    const [alert] = await mailsTo(email);
    const token = new URL(alert!.links.find((link) => new URL(link).pathname === '/secure-account')!).searchParams.get('token')!;
    expect((await call(api.app, { method: 'POST', url: '/secure-account', payload: { token } })).statusCode).toBe(204);
    for (const session of [laptop.token, phone.token]) {
      expect((await call(api.app, { method: 'GET', url: '/acme/user/organizations', token: session })).statusCode).toBe(401);
    }
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual(['New sign-in to your account', 'Choose a new password']);
  });
});
