/**
 * The embedded outbox made visible, for development without an SMTP server: registration, reset and
 * invitation links (flows 4 and 7) can be followed from here. Registered only outside
 * production: the outbox holds live sign-up and reset tokens.
 */
import { htmlPage } from './html-page';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database-types';
import { readOutbox, type OutboxMail } from '../mail/mail-queue';
import { escapeHtml } from '../web/html';
import type { Language } from '../../rules/languages';
import { serverTexts } from '../i18n/server-texts';
import { pageLanguage } from '../web/language';

/**
 * Plain semantic HTML: the server's CSP allows no inline script and no inline style
 * (server/web/security-headers.ts), and none is needed. Its words are `devPages.outbox`
 * (server/i18n/en.ts); the mails are shown as they were sent.
 */
function outboxPage(language: Language, mails: OutboxMail[]): string {
  const texts = serverTexts(language).texts.devPages.outbox;
  const items = mails.map((mail) =>
    [
      '<article>',
      `<h2>${escapeHtml(mail.subject)}</h2>`,
      '<dl>',
      `<dt>${escapeHtml(texts.to)}</dt><dd>${escapeHtml(mail.to)}</dd>`,
      `<dt>${escapeHtml(texts.sent)}</dt><dd><time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt)}</time></dd>`,
      '</dl>',
      `<pre>${escapeHtml(mail.text)}</pre>`,
      '<ul>',
      ...mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`),
      '</ul>',
      '</article>',
    ].join('\n'),
  );
  return htmlPage(language, texts.title, [
    `<h1>${escapeHtml(texts.title)}</h1>`,
    `<p>${escapeHtml(mails.length === 0 ? texts.empty : texts.intro)}</p>`,
    ...items,
  ]);
}

/** GET /dev/mail (a page) and GET /dev/mail.json (the same mails as data), newest first. */
export async function devMailRoutes(app: FastifyInstance, options: { db: Database }) {
  // The mails carry live tokens: never kept by a cache.
  app.get('/dev/mail', async (request, reply) => {
    const mails = await readOutbox(options.db);
    const language = pageLanguage(undefined, request.headers['accept-language']);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(outboxPage(language, mails));
  });
  app.get('/dev/mail.json', async (_request, reply) => {
    const mails = await readOutbox(options.db);
    return reply.header('cache-control', 'no-store').send(mails);
  });
}
