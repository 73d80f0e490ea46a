import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { readOutbox } from '../mail/mail-queue';
import { findUserByEmail } from '../db/users';
import { isMember } from '../db/memberships';
import { accountKey } from '../auth/login-throttle';

const tokenOf = (link: string) => Buffer.from(new URL(link).searchParams.get('token')!, 'base64').toString('utf8');

describe.each(testDatabases)('registration and password reset on $name', (target) => {
  let api: Api;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme', openRegistration: true });
    await createOrganization(api.db, { context: 'closed', name: 'Closed' });
    await createUser(api.db, { email: 'known@example.com', password: 'Known-Horse-9', contexts: ['acme'] });
  });
  afterAll(() => api.close());

  async function mailsTo(email: string) {
    await api.services.background.idle();
    return (await readOutbox(api.db, 500)).filter((mail) => mail.to === email);
  }

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    call(api.app, { method: 'POST', url, payload: payload as Record<string, unknown>, headers });

  it('answers register the same for known and unknown e-mails', async () => {
    const unknown = await post('/register', { email: 'new@example.com', language: 'en' });
    const known = await post('/register', { email: 'known@example.com', language: 'en' });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
  });

  it('mails a new user a signup link in their language, opening the page in it, and nobody an existing one', async () => {
    await post('/register', { email: 'neu@example.com', language: 'de' });
    const [mail] = await mailsTo('neu@example.com');
    expect(mail!.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail!.links[0]).toMatch(/^https:\/\/auth\.example\.test\/signup\?token=/);
    expect(new URL(mail!.links[0]!).searchParams.get('locale')).toBe('de');
    await post('/register', { email: 'known@example.com', language: 'en' });
    expect(await mailsTo('known@example.com')).toEqual([]);
  });

  it('takes any language tag, mailing in English when it is not an interface language', async () => {
    expect((await post('/register', { email: 'spanish@example.com', language: 'es' })).statusCode).toBe(202);
    expect((await post('/register', { email: 'swiss@example.com', language: 'de-CH' })).statusCode).toBe(202);
    expect((await mailsTo('spanish@example.com'))[0]!.subject).toBe('Confirm your e-mail address');
    expect((await mailsTo('swiss@example.com'))[0]!.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(await findUserByEmail(api.db, 'spanish@example.com')).toMatchObject({ language: 'en' });
    expect((await post('/register', { email: 'x@example.com', language: 'not a tag' })).statusCode).toBe(400);
  });

  it('takes addresses the e-mail rule of flows 5 takes, in any script', async () => {
    expect((await post('/register', { email: 'jöhn@exämple.com', language: 'en' })).statusCode).toBe(202);
    expect(await mailsTo('jöhn@exämple.com')).toHaveLength(1);
  });

  it('mails one mailbox at most five times an hour, however its address is written', async () => {
    // One domain as Unicode (composed and decomposed) and as its A-label: three accounts, one mailbox.
    const spellings = ['bomb@exämple.com', 'bomb@exa\u0308mple.com', 'bomb@xn--exmple-cua.com'];
    for (let round = 0; round < 4; round++) {
      for (const email of spellings) expect((await post('/register', { email, language: 'en' })).statusCode).toBe(202);
    }
    await api.services.background.idle();
    const mails = (await readOutbox(api.db, 500)).filter((mail) => spellings.includes(mail.to));
    expect(mails).toHaveLength(5);
  });

  it('puts a registered user in the organisations open for registration only', async () => {
    await post('/register', { email: 'joiner@example.com', language: 'en' });
    await api.services.background.idle();
    const user = (await findUserByEmail(api.db, 'joiner@example.com'))!;
    expect(await isMember(api.db, user.id, 'acme')).toBe(true);
    expect(await isMember(api.db, user.id, 'closed')).toBe(false);
  });

  it('builds links from the public URL, never from the Host header', async () => {
    await post('/forgot-password', { email: 'known@example.com', language: 'fr' }, { host: 'evil.example.net' });
    const [mail] = await mailsTo('known@example.com');
    expect(mail!.links[0]).toMatch(/^https:\/\/auth\.example\.test\/reset-password\/update\?token=/);
    // The link opens the page in the mail's language (flows 2).
    expect(new URL(mail!.links[0]!).searchParams.get('locale')).toBe('fr');
    expect(mail!.html).not.toContain('evil.example.net');
  });

  it('answers forgot-password the same for an unknown e-mail, and sends nothing', async () => {
    const response = await post('/forgot-password', { email: 'ghost@example.com', language: 'en' });
    expect(response.statusCode).toBe(202);
    expect(await mailsTo('ghost@example.com')).toEqual([]);
  });

  it('lets the signup link set a password once, then sign in', async () => {
    await post('/register', { email: 'once@example.com', language: 'en' });
    const [mail] = await mailsTo('once@example.com');
    const token = tokenOf(mail!.links[0]!);
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).email).toBe('once@example.com');
    const set = await call(api.app, { method: 'POST', url: '/set-password', token, payload: { password: 'Brand-New-Pass-1', challenge: '' } });
    expect(set.statusCode).toBe(200);
    await api.services.tokens.verifySession(set.json<{ token: string }>().token);
    const again = await call(api.app, { method: 'POST', url: '/set-password', token, payload: { password: 'Other-New-Pass-1', challenge: '' } });
    expect(again.statusCode).toBe(401);
    expect((await login(api.app, { email: 'once@example.com', password: 'Brand-New-Pass-1' })).statusCode).toBe(200);
  });

  it('refuses a weak password without spending the link', async () => {
    await post('/forgot-password', { email: 'known@example.com', language: 'en' });
    const [mail] = await mailsTo('known@example.com');
    const token = tokenOf(mail!.links[0]!);
    for (const weak of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      const response = await call(api.app, { method: 'POST', url: '/set-password', token, payload: { password: weak, challenge: '' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'weak_password' });
    }
    const strong = await call(api.app, { method: 'POST', url: '/set-password', token, payload: { password: 'Known-Horse-10', challenge: '' } });
    expect(strong.statusCode).toBe(200);
  });

  it('accepts a 128-character password and refuses an oversized body', async () => {
    // A long passphrase: a repeated letter is among the passwords attackers try first.
    const long = 'Aa1 seven wizards quietly hex a jovial sphinx of black quartz near Zanzibar harbour at dawn while forty owls watch'.padEnd(128, '?');
    const user = await createUser(api.db, { email: 'long@example.com', password: 'Start-Pass-1', contexts: ['acme'] });
    const session = (await login(api.app, { email: 'long@example.com', password: 'Start-Pass-1' })).json<{ token: string }>().token;
    const changed = await call(api.app, {
      method: 'POST',
      url: '/set-password',
      token: session,
      payload: { password: long, currentPassword: 'Start-Pass-1', challenge: '' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await login(api.app, { email: user.email, password: long })).statusCode).toBe(200);
    const huge = await call(api.app, { method: 'POST', url: '/set-password', token: session, payload: { password: `Aa1${'x'.repeat(40_000)}` } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('never takes a reset token for a session token', async () => {
    await post('/forgot-password', { email: 'known@example.com', language: 'en' });
    const [mail] = await mailsTo('known@example.com');
    const resetToken = tokenOf(mail!.links[0]!);
    const response = await call(api.app, { method: 'GET', url: '/acme/organization/current', token: resetToken });
    expect(response.statusCode).toBe(401);
  });

  it('lets a reset end the sign-in lock', async () => {
    await api.db.query(`INSERT INTO rate_counters (key, count, window_end) VALUES ($1, 100, now())`, [accountKey('known@example.com')]);
    expect((await login(api.app, { email: 'known@example.com', password: 'Known-Horse-10' })).statusCode).toBe(429);
    await post('/forgot-password', { email: 'known@example.com', language: 'en' });
    const [mail] = await mailsTo('known@example.com');
    await call(api.app, { method: 'POST', url: '/set-password', token: tokenOf(mail!.links[0]!), payload: { password: 'Known-Horse-11', challenge: '' } });
    expect((await login(api.app, { email: 'known@example.com', password: 'Known-Horse-11' })).statusCode).toBe(200);
  });

  it('answers 401 for a spent link, whatever the password', async () => {
    await post('/forgot-password', { email: 'known@example.com', language: 'en' });
    const [mail] = await mailsTo('known@example.com');
    const token = tokenOf(mail!.links[0]!);
    expect((await call(api.app, { method: 'POST', url: '/set-password', token, payload: { password: 'Known-Horse-12', challenge: '' } })).statusCode).toBe(200);
    const weak = await call(api.app, { method: 'POST', url: '/set-password', token, payload: { password: 'weak', challenge: '' } });
    expect(weak.statusCode).toBe(401);
  });

  it('refuses set-password without a token', async () => {
    const response = await call(api.app, { method: 'POST', url: '/set-password', payload: { password: 'Known-Horse-12', challenge: '' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
  });
});
