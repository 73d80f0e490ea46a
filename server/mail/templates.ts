/**
 * The mails the front door sends, in the user's language (flows 9: en, de, it, fr, az, with
 * en as fallback). Each language's wording lives once, in its table of the server's words
 * (server/i18n/en.ts and its translations); the text and the HTML body are both rendered from it,
 * so the two never drift apart.
 */
import { escapeHtml } from '../web/html';
import type { Language } from '../../rules/languages';
import { fillIn, serverTexts, type ServerTexts } from '../i18n/server-texts';

/** A mail ready for the Mailer, minus the recipient. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** The action links it contains. */
  links: string[];
}

/** The wording of one mail: the subject doubles as its heading. */
export interface Wording {
  subject: string;
  /** Paragraphs before the link. */
  before: readonly string[];
  /** The link's label. */
  action: string;
  /** Paragraphs after the link. */
  after: readonly string[];
}

/**
 * Links are built by the server from PUBLIC_URL; anything but an absolute http(s) URL is a bug, and
 * refusing it keeps a javascript: or relative link out of a mail.
 */
function checkedLink(link: string): string {
  const protocol = URL.canParse(link) ? new URL(link).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`A mail link must be an absolute http(s) URL, got "${link}".`);
  return link;
}

/** Names from the database (organisations, passkeys): one line, so they cannot break the Subject header or the layout. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function render(language: Language, copyLink: string, wording: Wording, link: string): MailContent {
  const { subject, before, action, after } = wording;
  // The label on its own line above the link: no colon, whose spacing differs by language (fr).
  const text = [subject, ...before, `${action}\n${link}`, ...after].join('\n\n') + '\n';
  const paragraphs = (list: readonly string[]) => list.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    '</head>',
    '<body>',
    `<h1>${escapeHtml(subject)}</h1>`,
    ...paragraphs(before),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(copyLink)}<br>${escapeHtml(link)}</p>`,
    ...paragraphs(after),
    '</body>',
    '</html>',
  ].join('\n');
  return { subject, text, html, links: [link] };
}

/** A mail in the language of a stored or browser language tag, worded from that language's words. */
export function renderMail(language: string, wording: (texts: ServerTexts, language: Language) => Wording, link: string): MailContent {
  const { language: chosen, texts } = serverTexts(language);
  return render(chosen, texts.mails.copyLink, wording(texts, chosen), checkedLink(link));
}

/** Sent on register (flows 7): the link leads to /signup?token=… to confirm the address and choose a password. */
export function registrationMail(language: string, link: string): MailContent {
  return renderMail(language, (texts) => texts.mails.registration, link);
}

/** Sent on forgot-password (flows 4.12 and 7): the link leads to the password update page for one hour. */
export function resetMail(language: string, link: string): MailContent {
  return renderMail(language, (texts) => texts.mails.reset, link);
}

/** Sent when someone is invited to an organisation (flows 4.12): the link leads to /signup?token=…. */
export function invitationMail(language: string, link: string, organisationName: string): MailContent {
  const values = { organisation: oneLine(organisationName) };
  return renderMail(
    language,
    ({ mails: { invitation } }) => ({
      subject: fillIn(invitation.subject, values),
      before: invitation.before.map((paragraph) => fillIn(paragraph, values)),
      action: invitation.action,
      after: invitation.after,
    }),
    link,
  );
}
