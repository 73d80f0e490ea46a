/**
 * The pages of a device's sign-in (RFC 8628, flows 4.18): the code the device shows, typed here or
 * carried by `verification_uri_complete`; "Sign in on your device?" with the app's name and the
 * code, Confirm and Cancel; then "You can go back to your device". In the person's language, with
 * no script: a label on the one field, the error said beside it, every button reached by keyboard.
 */
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Language } from '../../rules/languages';
import { escapeHtml } from '../web/html';
import { languageOf, page, securePage } from './pages';

interface Texts {
  codeTitle: string;
  codeBody: string;
  codeLabel: string;
  next: string;
  /** Why a code was not taken, by the engine's error name. */
  refused: Record<'NoCodeError' | 'NotFoundError' | 'ExpiredError' | 'AlreadyUsedError', string>;
  confirmTitle: string;
  confirmBody(app: string, code: string): string;
  confirm: string;
  cancel: string;
  cancelledTitle: string;
  cancelledBody: string;
  doneTitle: string;
  doneBody: string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    codeTitle: 'Sign in on a device',
    codeBody: 'Enter the code your TV, console or command line shows.',
    codeLabel: 'Code',
    next: 'Continue',
    refused: {
      NoCodeError: 'Enter the code your device shows.',
      NotFoundError: 'No device is waiting for that code. Check it and try again.',
      ExpiredError: 'That code has expired. Start again on your device to get a new one.',
      AlreadyUsedError: 'That code has been used already. Start again on your device to get a new one.',
    },
    confirmTitle: 'Sign in on your device?',
    confirmBody: (app, code) => `${app} asks to sign in to your account. Confirm only if your device shows ${code}.`,
    confirm: 'Confirm',
    cancel: 'Cancel',
    cancelledTitle: 'Sign-in cancelled',
    cancelledBody: 'Your device was not signed in. You can close this page.',
    doneTitle: 'You can go back to your device',
    doneBody: 'Your device is signed in. You can close this page.',
  },
  de: {
    codeTitle: 'Auf einem Gerät anmelden',
    codeBody: 'Geben Sie den Code ein, den Ihr Fernseher, Ihre Konsole oder Ihre Befehlszeile anzeigt.',
    codeLabel: 'Code',
    next: 'Weiter',
    refused: {
      NoCodeError: 'Geben Sie den Code ein, den Ihr Gerät anzeigt.',
      NotFoundError: 'Kein Gerät wartet auf diesen Code. Prüfen Sie ihn und versuchen Sie es erneut.',
      ExpiredError: 'Dieser Code ist abgelaufen. Starten Sie auf Ihrem Gerät neu, um einen neuen zu erhalten.',
      AlreadyUsedError: 'Dieser Code wurde bereits verwendet. Starten Sie auf Ihrem Gerät neu, um einen neuen zu erhalten.',
    },
    confirmTitle: 'Auf Ihrem Gerät anmelden?',
    confirmBody: (app, code) => `${app} möchte sich bei Ihrem Konto anmelden. Bestätigen Sie nur, wenn Ihr Gerät ${code} anzeigt.`,
    confirm: 'Bestätigen',
    cancel: 'Abbrechen',
    cancelledTitle: 'Anmeldung abgebrochen',
    cancelledBody: 'Ihr Gerät wurde nicht angemeldet. Sie können diese Seite schließen.',
    doneTitle: 'Sie können zu Ihrem Gerät zurückkehren',
    doneBody: 'Ihr Gerät ist angemeldet. Sie können diese Seite schließen.',
  },
  it: {
    codeTitle: 'Accedi su un dispositivo',
    codeBody: 'Inserisci il codice mostrato dalla TV, dalla console o dalla riga di comando.',
    codeLabel: 'Codice',
    next: 'Continua',
    refused: {
      NoCodeError: 'Inserisci il codice mostrato dal dispositivo.',
      NotFoundError: 'Nessun dispositivo attende questo codice. Controllalo e riprova.',
      ExpiredError: 'Questo codice è scaduto. Ricomincia sul dispositivo per riceverne uno nuovo.',
      AlreadyUsedError: 'Questo codice è già stato usato. Ricomincia sul dispositivo per riceverne uno nuovo.',
    },
    confirmTitle: 'Accedere sul tuo dispositivo?',
    confirmBody: (app, code) => `${app} chiede di accedere al tuo account. Conferma solo se il dispositivo mostra ${code}.`,
    confirm: 'Conferma',
    cancel: 'Annulla',
    cancelledTitle: 'Accesso annullato',
    cancelledBody: 'Il dispositivo non ha effettuato l’accesso. Puoi chiudere questa pagina.',
    doneTitle: 'Puoi tornare al tuo dispositivo',
    doneBody: 'Il dispositivo ha effettuato l’accesso. Puoi chiudere questa pagina.',
  },
  fr: {
    codeTitle: 'Se connecter sur un appareil',
    codeBody: 'Saisissez le code affiché par votre téléviseur, votre console ou votre ligne de commande.',
    codeLabel: 'Code',
    next: 'Continuer',
    refused: {
      NoCodeError: 'Saisissez le code affiché par votre appareil.',
      NotFoundError: 'Aucun appareil n’attend ce code. Vérifiez-le et réessayez.',
      ExpiredError: 'Ce code a expiré. Recommencez sur votre appareil pour en obtenir un nouveau.',
      AlreadyUsedError: 'Ce code a déjà été utilisé. Recommencez sur votre appareil pour en obtenir un nouveau.',
    },
    confirmTitle: 'Se connecter sur votre appareil ?',
    confirmBody: (app, code) => `${app} demande à se connecter à votre compte. Confirmez seulement si votre appareil affiche ${code}.`,
    confirm: 'Confirmer',
    cancel: 'Annuler',
    cancelledTitle: 'Connexion annulée',
    cancelledBody: 'Votre appareil n’a pas été connecté. Vous pouvez fermer cette page.',
    doneTitle: 'Vous pouvez revenir à votre appareil',
    doneBody: 'Votre appareil est connecté. Vous pouvez fermer cette page.',
  },
  az: {
    codeTitle: 'Cihazda daxil olun',
    codeBody: 'Televizorunuzun, konsolunuzun və ya əmr sətrinizin göstərdiyi kodu daxil edin.',
    codeLabel: 'Kod',
    next: 'Davam et',
    refused: {
      NoCodeError: 'Cihazınızın göstərdiyi kodu daxil edin.',
      NotFoundError: 'Bu kodu gözləyən cihaz yoxdur. Onu yoxlayın və yenidən cəhd edin.',
      ExpiredError: 'Bu kodun vaxtı bitib. Yeni kod almaq üçün cihazınızda yenidən başlayın.',
      AlreadyUsedError: 'Bu koddan artıq istifadə olunub. Yeni kod almaq üçün cihazınızda yenidən başlayın.',
    },
    confirmTitle: 'Cihazınızda daxil olunsun?',
    confirmBody: (app, code) => `${app} hesabınıza daxil olmaq istəyir. Yalnız cihazınız ${code} göstərirsə təsdiqləyin.`,
    confirm: 'Təsdiqlə',
    cancel: 'Ləğv et',
    cancelledTitle: 'Giriş ləğv edildi',
    cancelledBody: 'Cihazınız daxil olmadı. Bu səhifəni bağlaya bilərsiniz.',
    doneTitle: 'Cihazınıza qayıda bilərsiniz',
    doneBody: 'Cihazınız daxil oldu. Bu səhifəni bağlaya bilərsiniz.',
  },
};

/** The engine's form secret of this browser's device sign-in, for the forms these pages write. */
const formSecret = (ctx: KoaContextWithOIDC) => String((ctx.oidc.session?.state as { secret?: unknown } | undefined)?.secret ?? '');

/** The code page; after a refused code, its reason beside the field (Cancel's end is a page of its own). */
export function deviceCodePage(ctx: KoaContextWithOIDC, error?: { name?: string; userCode?: string }): string {
  const language = languageOf(ctx);
  const texts = TEXTS[language];
  securePage(ctx);
  if (error?.name === 'AbortedError') return page(language, texts.cancelledTitle, `<p>${escapeHtml(texts.cancelledBody)}</p>`);
  const reason = error?.name !== undefined && error.name in texts.refused ? texts.refused[error.name as keyof Texts['refused']] : undefined;
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
  const texts = TEXTS[language];
  securePage(ctx);
  const body = texts.confirmBody(`<strong>${escapeHtml(app)}</strong>`, `<span class="code">${escapeHtml(userCode)}</span>`);
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
  const texts = TEXTS[language];
  securePage(ctx);
  return page(language, texts.doneTitle, `<p>${escapeHtml(texts.doneBody)}</p>`);
}
