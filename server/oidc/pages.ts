/**
 * The OpenID Provider's own pages, in the person's language (the request's `ui_locales`, then the
 * browser's): a request the front door refuses (an unknown client or redirect URI never goes back to
 * the app), the question an app's sign-out asks, and the page after a sign-out that names no way
 * back. Each carries its stylesheet inline, allowed by its hash alone. Their words are the
 * `providerPages` of server/i18n/en.ts and its translations.
 */
import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import type { Language } from '../../rules/languages';
import { pageLanguage } from '../web/language';
import { inlineHash } from '../web/security-headers';
import { escapeHtml } from '../web/html';
import { fillIn, serverTexts } from '../i18n/server-texts';
import { spokenLanguage } from '../auth/oidc-claims';

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f8;color:#1d2330}
header{display:flex;justify-content:center;align-items:center;gap:.6rem;margin:2.2rem 0 1.5rem;font-size:1.3rem;font-weight:700}
main{max-width:30rem;margin:0 auto 2rem;padding:2rem;background:#fff;border:1px solid #e3e6ee;border-radius:12px;box-shadow:0 1px 3px rgba(16,24,40,.08)}
@media (max-width:32rem){main{margin:0 .75rem 1rem;padding:1.5rem}}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}p{margin:0 0 1.5rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button,a.button{font:inherit;font-weight:600;padding:.7rem 1.2rem;border-radius:8px;border:1px solid #0a66c2;cursor:pointer;text-decoration:none;display:inline-block}
.primary{background:#0a66c2;color:#fff}.secondary{background:#fff;color:#1d2330;border-color:#c9ceda}
button:focus-visible,a:focus-visible,summary:focus-visible{outline:3px solid #0a66c2;outline-offset:2px}
details{margin-top:1.5rem;color:#4a5263;font-size:.875rem}code{overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:0 0 .4rem}
input{box-sizing:border-box;width:100%;font:inherit;font-size:1.4rem;letter-spacing:.12em;text-transform:uppercase;padding:.6rem .8rem;border:1px solid #8a92a6;border-radius:8px;margin:0 0 1.5rem}
input:focus-visible{outline:3px solid #0a66c2;outline-offset:1px}input[aria-invalid=true]{border-color:#b42318}
.alert{color:#b42318;font-weight:600}.code{font-family:ui-monospace,monospace;font-size:1.2rem;letter-spacing:.12em;white-space:nowrap}`;

const STYLE_HASH = inlineHash(STYLE);

/**
 * The page's language: the first of the request's `ui_locales` the front door speaks (a parameter
 * of the engine's, or of the page's own form, server/oidc/device-pages.ts), then Accept-Language,
 * then English.
 */
export const languageOf = (ctx: KoaContextWithOIDC): Language =>
  pageLanguage(spokenLanguage(ctx.oidc?.params?.ui_locales ?? ctx.query.ui_locales), ctx.get('accept-language'));

/** Headers of a provider page: its inline stylesheet by hash, forms to this origin and to `formTargets`. */
export function securePage(ctx: KoaContextWithOIDC, formTargets: readonly string[] = []) {
  ctx.set(
    'content-security-policy',
    `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self' ${formTargets.join(' ')}; frame-ancestors 'none'; base-uri 'none'`.replace(/ {2,}/g, ' '),
  );
  ctx.set('x-content-type-options', 'nosniff');
  ctx.set('referrer-policy', 'no-referrer');
  ctx.set('cache-control', 'no-store');
}

/** The front door's mark and name, as its screens show them (src/screens/Logo.tsx). */
const LOGO = `<header><svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#0a66c2"/><path d="M10 25V7h12v18h-3V10h-6v15z" fill="#fff"/><circle cx="16.5" cy="17" r="1.5" fill="#fff"/></svg><span>Frontdoor</span></header>`;

export function page(language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${LOGO}<main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function errorPage(ctx: KoaContextWithOIDC, out: ErrorOut): string {
  const language = languageOf(ctx);
  const texts = serverTexts(language).texts.providerPages;
  securePage(ctx);
  const description = out.error_description ? `: ${out.error_description}` : '';
  return page(
    language,
    texts.errorTitle,
    `<p>${escapeHtml(texts.errorBody)}</p><div class="actions"><a class="button primary" href="/login?locale=${language}">${escapeHtml(texts.login)}</a></div><details><summary>${escapeHtml(texts.details)}</summary><p><code>${escapeHtml(out.error)}${escapeHtml(description)}</code></p></details>`,
  );
}

export function logoutPage(ctx: KoaContextWithOIDC, form: string): string {
  const language = languageOf(ctx);
  const texts = serverTexts(language).texts.providerPages;
  const client = ctx.oidc.client;
  const app = client?.clientName;
  const asks = app ? fillIn(texts.logoutAsks, { app }) : texts.logoutAsksAnApp;
  const targets = (client?.postLogoutRedirectUris ?? []).map((uri) => new URL(uri).origin);
  securePage(ctx, targets);
  return page(
    language,
    texts.logoutTitle,
    `${form}<p>${escapeHtml(`${asks} ${texts.logoutBody}`)}</p><div class="actions"><button class="primary" autofocus type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(texts.signOut)}</button><button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(texts.stay)}</button></div>`,
  );
}

export function signedOutPage(ctx: KoaContextWithOIDC): string {
  const language = languageOf(ctx);
  const texts = serverTexts(language).texts.providerPages;
  securePage(ctx);
  return page(
    language,
    texts.signedOutTitle,
    `<p>${escapeHtml(texts.signedOutBody)}</p><div class="actions"><a class="button primary" href="/login?locale=${language}">${escapeHtml(texts.login)}</a></div>`,
  );
}
