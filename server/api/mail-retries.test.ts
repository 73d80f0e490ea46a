import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, openApi, type Api } from '../testing/api';
import { startSmtpServer } from '../testing/smtp';
import { createOrganization, createUser } from '../admin/operations';
import { LIMITS } from '../auth/rate-limit';

describe.each(testDatabases)('a mail while the SMTP server refuses, on $name', (target) => {
  let api: Api;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await openApi(target, { SMTP_URL: smtp.url });
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it('is sent once the server takes it again, however many attempts failed: the recipient’s cap counts the mail once', async () => {
    await createUser(api.db, { email: 'patient@example.com', password: 'Patient-Horse-9', contexts: ['acme'] });
    smtp.control.refusing = true;
    expect((await call(api.app, { method: 'POST', url: '/forgot-password', payload: { email: 'patient@example.com', language: 'en' } })).statusCode).toBe(202);
    for (let attempt = 0; attempt < LIMITS.mailsPerRecipient.max + 2; attempt += 1) {
      await api.db.query('UPDATE mail_queue SET next_attempt_at = now() WHERE sent_at IS NULL');
      await api.services.mail.drain();
    }
    expect(smtp.received).toEqual([]);
    smtp.control.refusing = false;
    await api.db.query('UPDATE mail_queue SET next_attempt_at = now() WHERE sent_at IS NULL');
    await api.services.mail.drain();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['patient@example.com']]);
    expect(await api.db.query("SELECT count(*)::int AS n FROM audit_log WHERE event = 'password.reset_requested'")).toEqual([{ n: 1 }]);
  });
});
