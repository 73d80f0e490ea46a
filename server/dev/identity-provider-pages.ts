/**
 * The development identity providers' pages, SAML's (server/dev/identity-provider.ts) and OpenID
 * Connect's (server/dev/oidc-identity-provider.ts): plain semantic HTML with no inline script or
 * style, which the server's CSP forbids (server/web/security-headers.ts). SAML's response form is
 * submitted by an external script from this origin, with a visible Continue button for when scripts
 * do not run. Their words are `devPages.identityProvider` (server/i18n/en.ts).
 */
import { htmlPage } from './html-page';
import { escapeHtml } from '../web/html';
import type { Language } from '../../rules/languages';
import { serverTexts } from '../i18n/server-texts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../rules/email';

export const AUTOSUBMIT_SCRIPT_PATH = '/dev/idp/autosubmit.js';
const RESPONSE_FORM_ID = 'saml-response';

/** Posts the response form as soon as the page is parsed (the SAML HTTP-POST binding's auto-submit). */
export const AUTOSUBMIT_SCRIPT = `var form = document.getElementById(${JSON.stringify(RESPONSE_FORM_ID)});\nif (form) form.submit();\n`;

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

/** The e-mail the sign-in page's form sends, as the routes that take it check it. */
export const EMAIL_FIELD = { type: 'string', pattern: EMAIL_PATTERN.source, maxLength: EMAIL_MAX_LENGTH } as const;

/** The sign-in page: the e-mail to sign in as, sent to `action` with the protocol's own `hidden` fields. */
export function signInPage(language: Language, fields: { action: string; email: string; hidden?: Record<string, string> }): string {
  const texts = serverTexts(language).texts.devPages.identityProvider;
  return htmlPage(language, texts.title, [
    `<h1>${escapeHtml(texts.heading)}</h1>`,
    `<p>${escapeHtml(texts.intro)}</p>`,
    `<form method="post" action="${escapeHtml(fields.action)}">`,
    ...Object.entries(fields.hidden ?? {}).map(([name, value]) => hidden(name, value)),
    '<p>',
    `<label for="email">${escapeHtml(texts.email)}</label>`,
    `<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(fields.email)}">`,
    '</p>',
    `<button type="submit">${escapeHtml(texts.signIn)}</button>`,
    '</form>',
  ]);
}

export function postResponsePage(language: Language, fields: { acsUrl: string; samlResponse: string; relayState: string }): string {
  const texts = serverTexts(language).texts.devPages.identityProvider;
  return htmlPage(
    language,
    texts.responseTitle,
    [
      `<h1>${escapeHtml(texts.signedIn)}</h1>`,
      `<form id="${RESPONSE_FORM_ID}" method="post" action="${escapeHtml(fields.acsUrl)}">`,
      hidden('SAMLResponse', fields.samlResponse),
      hidden('RelayState', fields.relayState),
      `<p>${escapeHtml(texts.takingYouBack)}</p>`,
      `<button type="submit">${escapeHtml(texts.next)}</button>`,
      '</form>',
    ],
    [`<script src="${AUTOSUBMIT_SCRIPT_PATH}" defer></script>`],
  );
}
