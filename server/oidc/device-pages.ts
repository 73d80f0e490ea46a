/**
 * The pages of a device's sign-in (RFC 8628, flows 4.18): the code the device shows, typed here or
 * carried by `verification_uri_complete`; "Sign in on your device?" with the app's name and the
 * code, Confirm and Cancel; then "You can go back to your device". In the person's language, with
 * no script: a label on the one field, the error said beside it, every button reached by keyboard.
 * Their words are the `devicePages` of server/i18n/en.ts and its translations.
 */
import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml } from '../web/html';
import { fillIn, serverTexts, type ServerTexts } from '../i18n/server-texts';
import { languageOf, page, securePage } from './pages';

/** The engine's form secret of this browser's device sign-in, for the forms these pages write. */
const formSecret = (ctx: KoaContextWithOIDC) => String((ctx.oidc.session?.state as { secret?: unknown } | undefined)?.secret ?? '');

/** The code page; after a refused code, its reason beside the field (Cancel's end is a page of its own). */
export function deviceCodePage(ctx: KoaContextWithOIDC, error?: { name?: string; userCode?: string }): string {
  const language = languageOf(ctx);
  const texts = serverTexts(language).texts.devicePages;
  securePage(ctx);
  if (error?.name === 'AbortedError') return page(language, texts.cancelledTitle, `<p>${escapeHtml(texts.cancelledBody)}</p>`);
  const reason =
    error?.name !== undefined && error.name in texts.refused ? texts.refused[error.name as keyof ServerTexts['devicePages']['refused']] : undefined;
  const value = error?.userCode ? ` value="${escapeHtml(error.userCode)}"` : '';
  const invalid = reason ? ' aria-invalid="true" aria-describedby="code-error"' : '';
  return page(
    language,
    texts.codeTitle,
    // The form keeps the page's language: the engine reads no ui_locales from it.
    `<p>${escapeHtml(texts.codeBody)}</p><form method="post" action="${escapeHtml(`${ctx.oidc.urlFor('code_verification')}?ui_locales=${language}`)}" novalidate>` +
      `<input type="hidden" name="xsrf" value="${escapeHtml(formSecret(ctx))}">` +
      `<label for="user_code">${escapeHtml(texts.codeLabel)}</label>` +
      `${reason ? `<p class="alert" id="code-error" role="alert">${escapeHtml(reason)}</p>` : ''}` +
      `<input id="user_code" name="user_code" type="text" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" maxlength="20" required autofocus${value}${invalid}>` +
      `<div class="actions"><button class="primary" type="submit">${escapeHtml(texts.next)}</button></div></form>`,
  );
}

/** "Sign in on your device?": the app's name and the code, Confirm (the engine's form) and Cancel. */
export function deviceConfirmPage(ctx: KoaContextWithOIDC, form: string, app: string, userCode: string): string {
  const language = languageOf(ctx);
  const texts = serverTexts(language).texts.devicePages;
  securePage(ctx);
  // The words are escaped before the name's and the code's markup goes in.
  const body = fillIn(escapeHtml(texts.confirmBody), { app: `<strong>${escapeHtml(app)}</strong>`, code: `<span class="code">${escapeHtml(userCode)}</span>` });
  return page(
    language,
    texts.confirmTitle,
    `${form}<p>${body}</p><div class="actions"><button class="primary" type="submit" form="op.deviceConfirmForm" autofocus>${escapeHtml(texts.confirm)}</button>` +
      `<button class="secondary" type="submit" form="op.deviceConfirmForm" name="abort" value="yes">${escapeHtml(texts.cancel)}</button></div>`,
  );
}

/** "You can go back to your device". */
export function deviceDonePage(ctx: KoaContextWithOIDC): string {
  const language = languageOf(ctx);
  const texts = serverTexts(language).texts.devicePages;
  securePage(ctx);
  return page(language, texts.doneTitle, `<p>${escapeHtml(texts.doneBody)}</p>`);
}
