/**
 * The development IdP's pages: plain semantic HTML with no inline script or style, which the server's
 * CSP forbids (server/web/security-headers.ts). The response form is submitted by an external script
 * from this origin, with a visible Continue button for when scripts do not run.
 */
import { htmlPage } from './html-page';
import { escapeHtml } from '../web/html';

export const AUTOSUBMIT_SCRIPT_PATH = '/dev/idp/autosubmit.js';
const RESPONSE_FORM_ID = 'saml-response';

/** Posts the response form as soon as the page is parsed (the SAML HTTP-POST binding's auto-submit). */
export const AUTOSUBMIT_SCRIPT = `var form = document.getElementById(${JSON.stringify(RESPONSE_FORM_ID)});\nif (form) form.submit();\n`;

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

export function signInPage(fields: { action: string; samlRequest: string; relayState: string; email: string }): string {
  return htmlPage('Sign in – development identity provider', [
    '<h1>Development identity provider</h1>',
    '<p>A stand-in for an organisation’s own identity provider, for demos and tests. It signs in whoever enters an e-mail address; no password is asked.</p>',
    `<form method="post" action="${escapeHtml(fields.action)}">`,
    hidden('SAMLRequest', fields.samlRequest),
    hidden('RelayState', fields.relayState),
    '<p>',
    '<label for="email">E-mail</label>',
    `<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(fields.email)}">`,
    '</p>',
    '<button type="submit">Sign in</button>',
    '</form>',
  ]);
}

export function postResponsePage(fields: { acsUrl: string; samlResponse: string; relayState: string }): string {
  return htmlPage(
    'Continue to the front door',
    [
      '<h1>Signed in</h1>',
      `<form id="${RESPONSE_FORM_ID}" method="post" action="${escapeHtml(fields.acsUrl)}">`,
      hidden('SAMLResponse', fields.samlResponse),
      hidden('RelayState', fields.relayState),
      '<p>Taking you back to the front door.</p>',
      '<button type="submit">Continue</button>',
      '</form>',
    ],
    [`<script src="${AUTOSUBMIT_SCRIPT_PATH}" defer></script>`],
  );
}
