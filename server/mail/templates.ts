/**
 * The mails the front door sends, in the user's language (flows 9: en, de, it, fr, az, with
 * en as fallback). Each language's wording lives once, in its dictionary below; the text and the
 * HTML body are both rendered from it, so the two never drift apart.
 */
import { escapeHtml } from '../web/html';
import { supportedLanguage, type Language } from '../../rules/languages';

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
  before: string[];
  /** The link's label. */
  action: string;
  /** Paragraphs after the link. */
  after: string[];
}

interface Dictionary {
  /** Introduces the link written out, for mail programs that do not show links. */
  copyLink: string;
  registration: Wording;
  reset: Wording;
  invitation(organisation: string): Wording;
}

const dictionaries: Record<Language, Dictionary> = {
  en: {
    copyLink: 'If the link does not work, copy this address into your browser:',
    registration: {
      subject: 'Confirm your e-mail address',
      before: ['Thank you for registering. To finish, confirm your e-mail address and choose a password.'],
      action: 'Confirm e-mail and choose a password',
      after: ['If you did not register, you can ignore this e-mail.'],
    },
    reset: {
      subject: 'Reset your password',
      before: ['We received a request to reset the password of your account. Use the link below to choose a new password. The link is valid for one hour.'],
      action: 'Choose a new password',
      after: ['If you did not ask to reset your password, you can ignore this e-mail. Your password stays unchanged.'],
    },
    invitation: (organisation) => ({
      subject: `You have been invited to ${organisation}`,
      before: [`You have been invited to join ${organisation}. To accept, choose a password for your account.`],
      action: 'Choose a password',
      after: ['If you were not expecting this invitation, you can ignore this e-mail.'],
    }),
  },
  de: {
    copyLink: 'Falls der Link nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    registration: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      before: ['Vielen Dank für Ihre Registrierung. Bestätigen Sie zum Abschluss Ihre E-Mail-Adresse und wählen Sie ein Passwort.'],
      action: 'E-Mail-Adresse bestätigen und Passwort wählen',
      after: ['Falls Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.'],
    },
    reset: {
      subject: 'Setzen Sie Ihr Passwort zurück',
      before: [
        'Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos zurückzusetzen. Über den folgenden Link können Sie ein neues Passwort wählen. Der Link ist eine Stunde lang gültig.',
      ],
      action: 'Neues Passwort wählen',
      after: ['Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren. Ihr Passwort bleibt unverändert.'],
    },
    invitation: (organisation) => ({
      subject: `Sie wurden zu ${organisation} eingeladen`,
      before: [`Sie wurden eingeladen, ${organisation} beizutreten. Wählen Sie ein Passwort für Ihr Konto, um die Einladung anzunehmen.`],
      action: 'Passwort wählen',
      after: ['Falls Sie keine Einladung erwartet haben, können Sie diese E-Mail ignorieren.'],
    }),
  },
  it: {
    copyLink: 'Se il link non funziona, copia questo indirizzo nel tuo browser:',
    registration: {
      subject: 'Conferma il tuo indirizzo e-mail',
      before: ['Grazie per la registrazione. Per completarla, conferma il tuo indirizzo e-mail e scegli una password.'],
      action: "Conferma l'e-mail e scegli una password",
      after: ['Se non hai richiesto la registrazione, puoi ignorare questa e-mail.'],
    },
    reset: {
      subject: 'Reimposta la tua password',
      before: [
        "Abbiamo ricevuto una richiesta di reimpostare la password del tuo account. Usa il link qui sotto per scegliere una nuova password. Il link è valido per un'ora.",
      ],
      action: 'Scegli una nuova password',
      after: ['Se non hai richiesto di reimpostare la password, puoi ignorare questa e-mail: la tua password resterà invariata.'],
    },
    invitation: (organisation) => ({
      subject: `Invito a unirti a ${organisation}`,
      before: [`Hai ricevuto un invito a unirti a ${organisation}. Per accettarlo, scegli una password per il tuo account.`],
      action: 'Scegli una password',
      after: ['Se non ti aspettavi questo invito, puoi ignorare questa e-mail.'],
    }),
  },
  fr: {
    copyLink: 'Si le lien ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    registration: {
      subject: 'Confirmez votre adresse e-mail',
      before: ['Merci pour votre inscription. Pour la finaliser, confirmez votre adresse e-mail et choisissez un mot de passe.'],
      action: "Confirmer l'e-mail et choisir un mot de passe",
      after: ["Si vous n'êtes pas à l'origine de cette inscription, vous pouvez ignorer cet e-mail."],
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe',
      before: [
        'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Utilisez le lien ci-dessous pour choisir un nouveau mot de passe. Ce lien est valable une heure.',
      ],
      action: 'Choisir un nouveau mot de passe',
      after: ["Si vous n'avez pas fait cette demande, vous pouvez ignorer cet e-mail. Votre mot de passe restera inchangé."],
    },
    invitation: (organisation) => ({
      subject: `Invitation à rejoindre ${organisation}`,
      before: [`Vous avez reçu une invitation à rejoindre ${organisation}. Pour l'accepter, choisissez un mot de passe pour votre compte.`],
      action: 'Choisir un mot de passe',
      after: ['Si vous ne vous attendiez pas à cette invitation, vous pouvez ignorer cet e-mail.'],
    }),
  },
  az: {
    copyLink: 'Keçid işləmirsə, bu ünvanı kopyalayıb brauzerinizə yapışdırın:',
    registration: {
      subject: 'E-poçt ünvanınızı təsdiqləyin',
      before: ['Qeydiyyatdan keçdiyiniz üçün təşəkkür edirik. Qeydiyyatı tamamlamaq üçün e-poçt ünvanınızı təsdiqləyin və şifrə seçin.'],
      action: 'E-poçtu təsdiqlə və şifrə seç',
      after: ['Əgər qeydiyyatdan keçməmisinizsə, bu məktubu nəzərə almaya bilərsiniz.'],
    },
    reset: {
      subject: 'Şifrənizi sıfırlayın',
      before: [
        'Hesabınızın şifrəsini sıfırlamaq üçün sorğu aldıq. Yeni şifrə seçmək üçün aşağıdakı keçiddən istifadə edin. Keçid bir saat ərzində etibarlıdır.',
      ],
      action: 'Yeni şifrə seç',
      after: ['Əgər bu sorğunu siz göndərməmisinizsə, bu məktubu nəzərə almaya bilərsiniz. Şifrəniz dəyişməz qalacaq.'],
    },
    // "təşkilatına" (to the organisation) carries the case ending, so it fits any organisation name.
    invitation: (organisation) => ({
      subject: `Siz ${organisation} təşkilatına dəvət olunmusunuz`,
      before: [`Siz ${organisation} təşkilatına qoşulmağa dəvət olunmusunuz. Dəvəti qəbul etmək üçün hesabınıza şifrə seçin.`],
      action: 'Şifrə seç',
      after: ['Əgər bu dəvəti gözləmirdinizsə, bu məktubu nəzərə almaya bilərsiniz.'],
    }),
  },
};

/** The dictionary of a stored or browser language ('de', 'de-CH', 'DE'); unknown ones get English (flows 9). */
function dictionaryFor(language: string): { language: Language; dictionary: Dictionary } {
  const chosen = supportedLanguage(language);
  return { language: chosen, dictionary: dictionaries[chosen] };
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
  const paragraphs = (list: string[]) => list.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
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

/** A mail in the language of a stored or browser language tag, worded for that language. */
export function renderMail(language: string, wording: (language: Language) => Wording, link: string): MailContent {
  const { language: chosen, dictionary } = dictionaryFor(language);
  return render(chosen, dictionary.copyLink, wording(chosen), checkedLink(link));
}

/** Sent on register (flows 7): the link leads to /signup?token=… to confirm the address and choose a password. */
export function registrationMail(language: string, link: string): MailContent {
  const { language: chosen, dictionary } = dictionaryFor(language);
  return render(chosen, dictionary.copyLink, dictionary.registration, checkedLink(link));
}

/** Sent on forgot-password (flows 4.12 and 7): the link leads to the password update page for one hour. */
export function resetMail(language: string, link: string): MailContent {
  const { language: chosen, dictionary } = dictionaryFor(language);
  return render(chosen, dictionary.copyLink, dictionary.reset, checkedLink(link));
}

/** Sent when someone is invited to an organisation (flows 4.12): the link leads to /signup?token=…. */
export function invitationMail(language: string, link: string, organisationName: string): MailContent {
  const { language: chosen, dictionary } = dictionaryFor(language);
  return render(chosen, dictionary.copyLink, dictionary.invitation(oneLine(organisationName)), checkedLink(link));
}
