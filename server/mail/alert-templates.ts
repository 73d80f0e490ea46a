/**
 * The mails that tell the owner of an account about a change to how it signs in (a passkey, the
 * authenticator app, recovery codes, the password) or a sign-in from a new device, and the mail that
 * follows "This wasn't me" (server/auth/account-alerts.ts). They say what happened, when and from
 * which browser and system, never a secret nor anything the change's author chose (a passkey's name
 * could carry a message; a browser is named only from a known list, server/auth/sessions.ts); each
 * alert carries the "This wasn't me" link. In the user's language, like the other mails; their words
 * are the `alerts` of server/i18n/en.ts and its translations.
 */
import type { Language } from '../../rules/languages';
import { fillIn, type ServerTexts } from '../i18n/server-texts';
import { renderMail, type MailContent } from './templates';

/** What an alert is about (server/auth/account-alerts.ts). */
export type AlertEvent =
  | 'passkey-added'
  | 'passkey-removed'
  | 'totp-enabled'
  | 'totp-replaced'
  | 'recovery-codes-renewed'
  | 'recovery-code-used'
  | 'second-factor-reset'
  | 'new-device'
  | 'password-changed'
  | 'password-reset';

export interface AlertFacts {
  event: AlertEvent;
  /** When it happened, as an ISO 8601 string; shown in UTC. */
  happenedAt: string;
  /** Recovery codes left, for recovery-code-used. */
  recoveryCodesLeft?: number | undefined;
  /** The browser and system it came from, for a sign-in and a password change; either may be empty. */
  device?: { browser: string; system: string } | undefined;
}

/** One formatter a language: making one costs more than the rest of an alert's mail. */
const timeFormats = new Map<Language, Intl.DateTimeFormat>();

/** A time as the mail's reader sees it, in UTC: the server cannot know the reader's zone. */
function whenOf(language: Language, iso: string): string {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
    timeFormats.set(language, format);
  }
  return `${format.format(new Date(iso))} UTC`;
}

type AlertTexts = ServerTexts['alerts'];

/** The subject and sentence of one event. */
function told(texts: AlertTexts, language: Language, facts: AlertFacts): { subject: string; what: string } {
  const device = fillIn(texts.device, { browser: facts.device?.browser || texts.unknownBrowser, system: facts.device?.system || texts.unknownSystem });
  const values = { when: whenOf(language, facts.happenedAt), left: facts.recoveryCodesLeft ?? 0, device };
  const { subject, what } = texts.events[facts.event];
  return { subject: fillIn(subject, values), what: fillIn(what, values) };
}

/** The alert of one event, with its "This wasn't me" link. */
export function alertMail(language: string, facts: AlertFacts, link: string): MailContent {
  return renderMail(
    language,
    ({ alerts }, chosen) => {
      const { subject, what } = told(alerts, chosen, facts);
      return { subject, before: [what, alerts.ignore], action: alerts.action, after: [alerts.undo] };
    },
    link,
  );
}

/** The alerts past the hour's cap in one mail: each kind of event with how often it came and its latest, and one "This wasn't me" link for all. */
export function alertDigestMail(language: string, digest: { count: number; events: { count: number; facts: AlertFacts }[] }, link: string): MailContent {
  return renderMail(
    language,
    ({ alerts }, chosen) => {
      const lines = digest.events.map(({ count, facts }) => {
        const { what } = told(alerts, chosen, facts);
        return count === 1 ? what : fillIn(alerts.digest.times, { count, what });
      });
      return {
        subject: alerts.digest.subject,
        before: [fillIn(alerts.digest.intro, { count: digest.count }), ...lines, alerts.ignore],
        action: alerts.action,
        after: [alerts.undo],
      };
    },
    link,
  );
}

/** After "This wasn't me": the link that sets a new password. */
export function securedAccountMail(language: string, link: string): MailContent {
  return renderMail(language, (texts) => texts.alerts.secured, link);
}
