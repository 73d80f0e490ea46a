import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { devMailRoutes } from './mail-pages';
import type { MailMessage } from '../mail/mailer';
import { claimDueMail, enqueueMail, markMailSent } from '../db/mail-queue';
import { testDatabases } from '../testing/databases';
import type { Database } from '../db/database-types';

describe.each(testDatabases)('the development outbox pages on $name', (target) => {
  const opened: { db: Database; schema: string | undefined }[] = [];
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps) await app.close();
    apps.length = 0;
    for (const { db } of opened) await db.close();
    for (const { schema } of opened) await target.drop(schema);
    opened.length = 0;
  });

  async function setup() {
    const handle = await target.open();
    opened.push(handle);
    const app = Fastify();
    apps.push(app);
    await app.register(devMailRoutes, { db: handle.db });
    // A mail as the queue leaves it once sent without an SMTP server (server/mail/mail-queue.ts).
    const mailer = {
      async send(mail: MailMessage) {
        await enqueueMail(handle.db, { kind: 'test', params: {} });
        const claimed = await claimDueMail(handle.db, 60);
        await markMailSent(handle.db, claimed!, mail.to, mail);
      },
    };
    return { app, mailer };
  }

  it('says so when no mail has been sent', async () => {
    const { app } = await setup();
    const page = await app.inject({ url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('No mail has been sent yet.');
    expect((await app.inject({ url: '/dev/mail.json' })).json()).toEqual([]);
  });

  it('speaks the browser’s language', async () => {
    const { app, mailer } = await setup();
    expect((await app.inject({ url: '/dev/mail', headers: { 'accept-language': 'fr-CA' } })).body).toContain('<p>Aucun e-mail n’a encore été envoyé.</p>');
    await mailer.send({ to: 'ada@example.com', subject: 'First', text: 'one', html: '<p>one</p>', links: [] });
    const page = await app.inject({ url: '/dev/mail', headers: { 'accept-language': 'az' } });
    expect(page.body).toContain('<html lang="az">');
    expect(page.body).toContain('<h1>Göndərilənlər</h1>');
    expect(page.body).toContain('<dt>Kimə</dt><dd>ada@example.com</dd>');
  });

  it('lists sent mails newest first with their links to follow', async () => {
    const { app, mailer } = await setup();
    await mailer.send({ to: 'ada@example.com', subject: 'First', text: 'one', html: '<p>one</p>', links: ['https://auth.example.com/signup?token=1'] });
    await mailer.send({
      to: 'grace@example.com',
      subject: 'Second',
      text: 'two',
      html: '<p>two</p>',
      links: ['https://auth.example.com/reset-password/update?token=2&app=portal'],
    });

    const page = await app.inject({ url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body.indexOf('Second')).toBeLessThan(page.body.indexOf('First'));
    expect(page.body).toContain('grace@example.com');
    expect(page.body).toContain('<pre>two</pre>');
    expect(page.body).toContain('<a href="https://auth.example.com/reset-password/update?token=2&amp;app=portal">');
    expect(page.body).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">/);

    const data = await app.inject({ url: '/dev/mail.json' });
    expect(data.statusCode).toBe(200);
    expect(data.headers['cache-control']).toBe('no-store');
    const mails = data.json();
    expect(mails).toHaveLength(2);
    expect(mails[0]).toEqual({
      to: 'grace@example.com',
      subject: 'Second',
      text: 'two',
      html: '<p>two</p>',
      links: ['https://auth.example.com/reset-password/update?token=2&app=portal'],
      sentAt: expect.stringMatching(/Z$/),
    });
    expect(mails[1].subject).toBe('First');
  });

  it('escapes everything a mail holds and carries no inline script or style', async () => {
    const { app, mailer } = await setup();
    await mailer.send({
      // The most an address the e-mail rule takes can hold of HTML (rules/email.ts): & and '.
      to: "o'brien&co@example.com",
      subject: '<script>alert(1)</script>',
      text: 'Welcome to <img src=x onerror=alert(1)>',
      html: '<p>x</p>',
      links: ['https://auth.example.com/signup?token="><script>alert(2)</script>'],
    });

    const { body } = await app.inject({ url: '/dev/mail' });
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('o&#39;brien&amp;co@example.com');
    expect(body).toContain('Welcome to &lt;img src=x onerror=alert(1)&gt;');
    expect(body).toContain('href="https://auth.example.com/signup?token=&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    expect(body).not.toMatch(/<script|<style|style=|<img/i);
  });
});
