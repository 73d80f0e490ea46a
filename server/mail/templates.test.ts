import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../rules/languages';
import { invitationMail, registrationMail, resetMail } from './templates';
import { escapeHtml } from '../web/html';

const SIGNUP_LINK = 'https://auth.example.com/signup?token=abc&app=portal';
const RESET_LINK = 'https://auth.example.com/reset-password/update?token=xyz';

const mails = {
  registration: (language: string) => registrationMail(language, SIGNUP_LINK),
  reset: (language: string) => resetMail(language, RESET_LINK),
  invitation: (language: string) => invitationMail(language, SIGNUP_LINK, 'Acme Corp'),
};

describe.each(Object.entries(mails))('the %s mail', (_name, mail) => {
  it.each(LANGUAGES)('has a subject, text and html with the link in %s', (language) => {
    const content = mail(language);
    const link = content.links[0]!;
    expect(content.links).toHaveLength(1);
    expect(content.subject.trim()).not.toBe('');
    expect(content.text).toContain(link);
    expect(content.text).toContain(content.subject);
    expect(content.html).toContain(`<html lang="${language}">`);
    expect(content.html).toContain(`<h1>${escapeHtml(content.subject)}</h1>`);
    expect(content.html).toContain(`<a href="${escapeHtml(link)}">`);
    // Written out too, for mail programs that do not show links.
    expect(content.html.split(escapeHtml(link))).toHaveLength(3);
  });

  it('falls back to English for an unknown language', () => {
    expect(mail('xx')).toEqual(mail('en'));
    expect(mail('')).toEqual(mail('en'));
  });

  it('reads a regional or upper-case language tag as its language', () => {
    expect(mail('de-CH')).toEqual(mail('de'));
    expect(mail('FR')).toEqual(mail('fr'));
  });

  it('is worded differently in each of the five languages', () => {
    const subjects = new Set(LANGUAGES.map((language) => mail(language).subject));
    const texts = new Set(LANGUAGES.map((language) => mail(language).text));
    expect(subjects.size).toBe(LANGUAGES.length);
    expect(texts.size).toBe(LANGUAGES.length);
  });

  it('is a simple document without scripts, styles or external resources', () => {
    for (const language of LANGUAGES) {
      const { html } = mail(language);
      expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(html).not.toMatch(/<script|<style|style=|<img|<link|src=/i);
    }
  });
});

describe('mail links and names', () => {
  it('points the registration and invitation mails at the sign-up link', () => {
    expect(registrationMail('en', SIGNUP_LINK).links).toEqual([SIGNUP_LINK]);
    expect(invitationMail('en', SIGNUP_LINK, 'Acme').links).toEqual([SIGNUP_LINK]);
  });

  it('tells in the reset mail that the link is valid for one hour and can be ignored', () => {
    expect(resetMail('en', RESET_LINK).text).toContain('valid for one hour');
    expect(resetMail('en', RESET_LINK).text).toContain('ignore this e-mail');
    expect(resetMail('de', RESET_LINK).text).toContain('eine Stunde');
  });

  it('names the organisation in the invitation', () => {
    const mail = invitationMail('it', SIGNUP_LINK, 'Acme Corp');
    expect(mail.subject).toContain('Acme Corp');
    expect(mail.text).toContain('Acme Corp');
  });

  it('escapes an organisation name with markup in the html', () => {
    const mail = invitationMail('en', SIGNUP_LINK, '<script>alert("x")</script> & Co');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    // The text part is plain text: the name stays as written.
    expect(mail.text).toContain('<script>alert("x")</script> & Co');
  });

  it('escapes the link in the html', () => {
    const mail = registrationMail('en', 'https://auth.example.com/signup?token=a"b<c&d=1');
    expect(mail.html).not.toContain('a"b<c');
    expect(mail.html).toContain('href="https://auth.example.com/signup?token=a&quot;b&lt;c&amp;d=1"');
  });

  it('keeps an organisation name on one line, so it cannot add mail headers', () => {
    const mail = invitationMail('en', SIGNUP_LINK, 'Acme\r\nBcc: victim@example.com');
    expect(mail.subject).toBe('You have been invited to Acme Bcc: victim@example.com');
  });

  it('refuses a link that is not an absolute http(s) URL', () => {
    expect(() => registrationMail('en', 'javascript:alert(1)')).toThrow('absolute http(s) URL');
    expect(() => resetMail('en', '/reset-password/update?token=x')).toThrow('absolute http(s) URL');
  });
});
