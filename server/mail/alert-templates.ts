/**
 * The mails that tell the owner of an account about a change to how it signs in (a passkey, the
 * authenticator app, recovery codes, the password) or a sign-in from a new device, and the mail that
 * follows "This wasn't me" (server/auth/account-alerts.ts). They say what happened, when and from
 * which browser and system, never a secret nor anything the change's author chose (a passkey's name
 * could carry a message; a browser is named only from a known list, server/auth/sessions.ts); each
 * alert carries the "This wasn't me" link. In the user's language, like the other mails.
 */
import type { Language } from '../../rules/languages';
import { renderMail, type MailContent, type Wording } from './templates';

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

interface AlertDictionary {
  /** What happened: the subject and the sentence that says it, with its time. */
  events: Record<AlertEvent, (facts: { when: string; left: number; device: string }) => { subject: string; what: string }>;
  /** A browser on a system, each named or said unknown. */
  device: (browser: string | undefined, system: string | undefined) => string;
  ignore: string;
  action: string;
  undo: string;
  secured: Wording;
  /** The digest of alerts past the hour's cap (server/auth/alert-digest.ts): its subject, its opening, and one kind of event that came `count` times. */
  digest: { subject: string; intro: (count: number) => string; times: (count: number, what: string) => string };
}

const dictionaries: Record<Language, AlertDictionary> = {
  en: {
    events: {
      'passkey-added': ({ when }) => ({
        subject: 'A passkey was added to your account',
        what: `A passkey was added to your account on ${when}.`,
      }),
      'passkey-removed': ({ when }) => ({
        subject: 'A passkey was removed from your account',
        what: `A passkey was removed from your account on ${when}.`,
      }),
      'totp-enabled': ({ when }) => ({
        subject: 'Two-step verification was turned on',
        what: `An authenticator app was set up for two-step verification of your account on ${when}, with a new set of recovery codes.`,
      }),
      'totp-replaced': ({ when }) => ({
        subject: 'Your authenticator app was replaced',
        what: `A new authenticator app replaced the one your account used for two-step verification on ${when}, with a new set of recovery codes. The previous app and codes no longer work.`,
      }),
      'recovery-codes-renewed': ({ when }) => ({
        subject: 'New recovery codes were made',
        what: `A new set of recovery codes was made for your account on ${when}. The previous codes no longer work.`,
      }),
      'recovery-code-used': ({ when, left }) => ({
        subject: 'A recovery code was used to sign in',
        what: `Someone signed in to your account with a recovery code on ${when}. Recovery codes left: ${left}.`,
      }),
      'second-factor-reset': ({ when }) => ({
        subject: 'Your two-step verification was reset',
        what: `An administrator reset the two-step verification of your account on ${when}: its authenticator app, recovery codes and passkeys were removed, and you were signed out everywhere. You set up two-step verification again at your next sign-in.`,
      }),
      'new-device': ({ when, device }) => ({
        subject: 'New sign-in to your account',
        what: `Someone signed in to your account on ${when} from ${device}, a browser that has not signed in to it in the last 90 days.`,
      }),
      'password-changed': ({ when, device }) => ({
        subject: 'Your password was changed',
        what: `The password of your account was changed on ${when} from ${device}.`,
      }),
      'password-reset': ({ when, device }) => ({
        subject: 'Your password was reset',
        what: `The password of your account was reset on ${when} with a link mailed to you, from ${device}.`,
      }),
    },
    device: (browser, system) => `${browser || 'an unknown browser'} on ${system || 'an unknown system'}`,
    ignore: 'If this was you, you can ignore this e-mail.',
    action: "This wasn't me",
    undo: 'If it was not you, use the link above: it signs you out on every device, removes your passkeys and any authenticator app someone else could have added, and asks you to choose a new password. It works once, within 24 hours.',
    secured: {
      subject: 'Choose a new password',
      before: [
        'You told us that a change to your account was not yours. We signed you out on every device, removed what was added, and turned off your password.',
        'Choose a new password with the link below. The link is valid for one hour.',
      ],
      action: 'Choose a new password',
      after: ['If the link has expired, ask for a new one on the sign-in page with "Forgot password".'],
    },
    digest: {
      subject: 'More activity on your account',
      intro: (count) => `Your account had ${count} more changes or sign-ins than we alert you of one by one in an hour. Here they all are in one e-mail:`,
      times: (count, what) => (count === 1 ? what : `${count} times, the latest: ${what}`),
    },
  },
  de: {
    events: {
      'passkey-added': ({ when }) => ({
        subject: 'Ihrem Konto wurde ein Passkey hinzugefügt',
        what: `Am ${when} wurde Ihrem Konto ein Passkey hinzugefügt.`,
      }),
      'passkey-removed': ({ when }) => ({
        subject: 'Aus Ihrem Konto wurde ein Passkey entfernt',
        what: `Am ${when} wurde ein Passkey aus Ihrem Konto entfernt.`,
      }),
      'totp-enabled': ({ when }) => ({
        subject: 'Die Bestätigung in zwei Schritten wurde eingeschaltet',
        what: `Am ${when} wurde für Ihr Konto eine Authentifizierungs-App für die Bestätigung in zwei Schritten eingerichtet, mit neuen Wiederherstellungscodes.`,
      }),
      'totp-replaced': ({ when }) => ({
        subject: 'Ihre Authentifizierungs-App wurde ersetzt',
        what: `Am ${when} hat eine neue Authentifizierungs-App die bisherige Ihres Kontos ersetzt, mit neuen Wiederherstellungscodes. Die bisherige App und die alten Codes funktionieren nicht mehr.`,
      }),
      'recovery-codes-renewed': ({ when }) => ({
        subject: 'Neue Wiederherstellungscodes wurden erstellt',
        what: `Am ${when} wurden für Ihr Konto neue Wiederherstellungscodes erstellt. Die alten Codes funktionieren nicht mehr.`,
      }),
      'recovery-code-used': ({ when, left }) => ({
        subject: 'Zur Anmeldung wurde ein Wiederherstellungscode verwendet',
        what: `Am ${when} hat sich jemand mit einem Wiederherstellungscode bei Ihrem Konto angemeldet. Verbleibende Wiederherstellungscodes: ${left}.`,
      }),
      'second-factor-reset': ({ when }) => ({
        subject: 'Ihre Bestätigung in zwei Schritten wurde zurückgesetzt',
        what: `Am ${when} hat ein Administrator die Bestätigung in zwei Schritten Ihres Kontos zurückgesetzt: Authentifizierungs-App, Wiederherstellungscodes und Passkeys wurden entfernt, und Sie wurden überall abgemeldet. Bei Ihrer nächsten Anmeldung richten Sie die Bestätigung in zwei Schritten neu ein.`,
      }),
      'new-device': ({ when, device }) => ({
        subject: 'Neue Anmeldung bei Ihrem Konto',
        what: `Am ${when} hat sich jemand mit ${device} bei Ihrem Konto angemeldet, einem Browser, der sich in den letzten 90 Tagen nicht bei Ihrem Konto angemeldet hat.`,
      }),
      'password-changed': ({ when, device }) => ({
        subject: 'Ihr Passwort wurde geändert',
        what: `Am ${when} wurde das Passwort Ihres Kontos mit ${device} geändert.`,
      }),
      'password-reset': ({ when, device }) => ({
        subject: 'Ihr Passwort wurde zurückgesetzt',
        what: `Am ${when} wurde das Passwort Ihres Kontos über einen Ihnen gesendeten Link mit ${device} zurückgesetzt.`,
      }),
    },
    device: (browser, system) => `${browser || 'einem unbekannten Browser'} auf ${system || 'einem unbekannten System'}`,
    ignore: 'Falls Sie das waren, können Sie diese E-Mail ignorieren.',
    action: 'Das war ich nicht',
    undo: 'Falls Sie es nicht waren, verwenden Sie den Link oben: Er meldet Sie auf allen Geräten ab, entfernt Ihre Passkeys und jede Authentifizierungs-App, die jemand anderes hinzugefügt haben könnte, und fordert Sie auf, ein neues Passwort zu wählen. Er funktioniert einmal, innerhalb von 24 Stunden.',
    secured: {
      subject: 'Wählen Sie ein neues Passwort',
      before: [
        'Sie haben uns mitgeteilt, dass eine Änderung an Ihrem Konto nicht von Ihnen stammt. Wir haben Sie auf allen Geräten abgemeldet, das Hinzugefügte entfernt und Ihr Passwort deaktiviert.',
        'Wählen Sie über den folgenden Link ein neues Passwort. Der Link ist eine Stunde lang gültig.',
      ],
      action: 'Neues Passwort wählen',
      after: ['Falls der Link abgelaufen ist, fordern Sie auf der Anmeldeseite über „Passwort vergessen“ einen neuen an.'],
    },
    digest: {
      subject: 'Weitere Aktivität in Ihrem Konto',
      intro: (count) =>
        `In Ihrem Konto gab es ${count} weitere Änderungen oder Anmeldungen, mehr als wir Ihnen in einer Stunde einzeln melden. Hier sind alle in einer E-Mail:`,
      times: (count, what) => (count === 1 ? what : `${count}-mal, zuletzt: ${what}`),
    },
  },
  it: {
    events: {
      'passkey-added': ({ when }) => ({
        subject: 'È stata aggiunta una passkey al tuo account',
        what: `Il ${when} è stata aggiunta una passkey al tuo account.`,
      }),
      'passkey-removed': ({ when }) => ({
        subject: 'È stata rimossa una passkey dal tuo account',
        what: `Il ${when} è stata rimossa una passkey dal tuo account.`,
      }),
      'totp-enabled': ({ when }) => ({
        subject: 'La verifica in due passaggi è stata attivata',
        what: `Il ${when} è stata configurata un'app di autenticazione per la verifica in due passaggi del tuo account, con un nuovo set di codici di recupero.`,
      }),
      'totp-replaced': ({ when }) => ({
        subject: 'La tua app di autenticazione è stata sostituita',
        what: `Il ${when} una nuova app di autenticazione ha sostituito quella usata dal tuo account, con un nuovo set di codici di recupero. L'app e i codici precedenti non funzionano più.`,
      }),
      'recovery-codes-renewed': ({ when }) => ({
        subject: 'Sono stati creati nuovi codici di recupero',
        what: `Il ${when} è stato creato un nuovo set di codici di recupero per il tuo account. I codici precedenti non funzionano più.`,
      }),
      'recovery-code-used': ({ when, left }) => ({
        subject: 'Per accedere è stato usato un codice di recupero',
        what: `Il ${when} qualcuno ha effettuato l'accesso al tuo account con un codice di recupero. Codici di recupero rimasti: ${left}.`,
      }),
      'second-factor-reset': ({ when }) => ({
        subject: 'La tua verifica in due passaggi è stata reimpostata',
        what: `Il ${when} un amministratore ha reimpostato la verifica in due passaggi del tuo account: l'app di autenticazione, i codici di recupero e le passkey sono stati rimossi, ed è stata chiusa ogni tua sessione. Al prossimo accesso configurerai di nuovo la verifica in due passaggi.`,
      }),
      'new-device': ({ when, device }) => ({
        subject: 'Nuovo accesso al tuo account',
        what: `Il ${when} qualcuno ha effettuato l'accesso al tuo account da ${device}, un browser che non vi ha effettuato l'accesso negli ultimi 90 giorni.`,
      }),
      'password-changed': ({ when, device }) => ({
        subject: 'La tua password è stata cambiata',
        what: `Il ${when} la password del tuo account è stata cambiata da ${device}.`,
      }),
      'password-reset': ({ when, device }) => ({
        subject: 'La tua password è stata reimpostata',
        what: `Il ${when} la password del tuo account è stata reimpostata con un link inviato via e-mail, da ${device}.`,
      }),
    },
    device: (browser, system) => `${browser || 'un browser sconosciuto'} su ${system || 'un sistema sconosciuto'}`,
    ignore: 'Se sei stato tu, puoi ignorare questa e-mail.',
    action: 'Non sono stato io',
    undo: 'Se non sei stato tu, usa il link qui sopra: chiude le tue sessioni su tutti i dispositivi, rimuove le tue passkey e ogni app di autenticazione che qualcun altro potrebbe aver aggiunto e ti chiede di scegliere una nuova password. Funziona una sola volta, entro 24 ore.',
    secured: {
      subject: 'Scegli una nuova password',
      before: [
        'Ci hai detto che una modifica al tuo account non è stata fatta da te. Abbiamo chiuso le tue sessioni su tutti i dispositivi, rimosso ciò che era stato aggiunto e disattivato la tua password.',
        'Scegli una nuova password con il link qui sotto. Il link è valido per un’ora.',
      ],
      action: 'Scegli una nuova password',
      after: ['Se il link è scaduto, chiedine uno nuovo dalla pagina di accesso con «Password dimenticata».'],
    },
    digest: {
      subject: 'Altre attività sul tuo account',
      intro: (count) =>
        `Sul tuo account ci sono state altre ${count} modifiche o accessi, più di quanti te ne segnaliamo uno per uno in un’ora. Eccoli tutti in un’unica e-mail:`,
      times: (count, what) => (count === 1 ? what : `${count} volte, l’ultima: ${what}`),
    },
  },
  fr: {
    events: {
      'passkey-added': ({ when }) => ({
        subject: 'Une clé d’accès a été ajoutée à votre compte',
        what: `Le ${when}, une clé d’accès a été ajoutée à votre compte.`,
      }),
      'passkey-removed': ({ when }) => ({
        subject: 'Une clé d’accès a été retirée de votre compte',
        what: `Le ${when}, une clé d’accès a été retirée de votre compte.`,
      }),
      'totp-enabled': ({ when }) => ({
        subject: 'La validation en deux étapes a été activée',
        what: `Le ${when}, une application d’authentification a été configurée pour la validation en deux étapes de votre compte, avec un nouveau jeu de codes de récupération.`,
      }),
      'totp-replaced': ({ when }) => ({
        subject: 'Votre application d’authentification a été remplacée',
        what: `Le ${when}, une nouvelle application d’authentification a remplacé celle de votre compte, avec un nouveau jeu de codes de récupération. L’ancienne application et les anciens codes ne fonctionnent plus.`,
      }),
      'recovery-codes-renewed': ({ when }) => ({
        subject: 'De nouveaux codes de récupération ont été créés',
        what: `Le ${when}, un nouveau jeu de codes de récupération a été créé pour votre compte. Les anciens codes ne fonctionnent plus.`,
      }),
      'recovery-code-used': ({ when, left }) => ({
        subject: 'Un code de récupération a servi à se connecter',
        what: `Le ${when}, quelqu’un s’est connecté à votre compte avec un code de récupération. Codes de récupération restants : ${left}.`,
      }),
      'second-factor-reset': ({ when }) => ({
        subject: 'Votre validation en deux étapes a été réinitialisée',
        what: `Le ${when}, un administrateur a réinitialisé la validation en deux étapes de votre compte : l’application d’authentification, les codes de récupération et les clés d’accès ont été retirés, et vous avez été déconnecté partout. Vous configurerez de nouveau la validation en deux étapes lors de votre prochaine connexion.`,
      }),
      'new-device': ({ when, device }) => ({
        subject: 'Nouvelle connexion à votre compte',
        what: `Le ${when}, quelqu’un s’est connecté à votre compte depuis ${device}, un navigateur qui ne s’y était pas connecté ces 90 derniers jours.`,
      }),
      'password-changed': ({ when, device }) => ({
        subject: 'Votre mot de passe a été modifié',
        what: `Le ${when}, le mot de passe de votre compte a été modifié depuis ${device}.`,
      }),
      'password-reset': ({ when, device }) => ({
        subject: 'Votre mot de passe a été réinitialisé',
        what: `Le ${when}, le mot de passe de votre compte a été réinitialisé avec un lien envoyé par e-mail, depuis ${device}.`,
      }),
    },
    device: (browser, system) => `${browser || 'un navigateur inconnu'} sur ${system || 'un système inconnu'}`,
    ignore: 'Si c’était vous, vous pouvez ignorer cet e-mail.',
    action: 'Ce n’était pas moi',
    undo: 'Si ce n’était pas vous, utilisez le lien ci-dessus : il vous déconnecte sur tous vos appareils, retire vos clés d’accès et toute application d’authentification que quelqu’un d’autre aurait pu ajouter, et vous demande de choisir un nouveau mot de passe. Il fonctionne une seule fois, pendant 24 heures.',
    secured: {
      subject: 'Choisissez un nouveau mot de passe',
      before: [
        'Vous nous avez signalé qu’une modification de votre compte ne venait pas de vous. Nous vous avons déconnecté sur tous vos appareils, avons retiré ce qui avait été ajouté et avons désactivé votre mot de passe.',
        'Choisissez un nouveau mot de passe avec le lien ci-dessous. Ce lien est valable une heure.',
      ],
      action: 'Choisir un nouveau mot de passe',
      after: ['Si le lien a expiré, demandez-en un nouveau sur la page de connexion avec « Mot de passe oublié ».'],
    },
    digest: {
      subject: 'Autres activités sur votre compte',
      intro: (count) =>
        `Votre compte a connu ${count} autres modifications ou connexions, plus que nous ne vous en signalons une à une en une heure. Les voici toutes dans un seul e-mail :`,
      times: (count, what) => (count === 1 ? what : `${count} fois, la dernière : ${what}`),
    },
  },
  az: {
    events: {
      'passkey-added': ({ when }) => ({
        subject: 'Hesabınıza giriş açarı əlavə edildi',
        what: `${when} tarixində hesabınıza giriş açarı əlavə edildi.`,
      }),
      'passkey-removed': ({ when }) => ({
        subject: 'Hesabınızdan giriş açarı silindi',
        what: `${when} tarixində hesabınızdan giriş açarı silindi.`,
      }),
      'totp-enabled': ({ when }) => ({
        subject: 'İki mərhələli təsdiq aktiv edildi',
        what: `${when} tarixində hesabınızın iki mərhələli təsdiqi üçün autentifikasiya tətbiqi quruldu və yeni bərpa kodları yaradıldı.`,
      }),
      'totp-replaced': ({ when }) => ({
        subject: 'Autentifikasiya tətbiqiniz dəyişdirildi',
        what: `${when} tarixində hesabınızın istifadə etdiyi autentifikasiya tətbiqi yenisi ilə əvəz olundu və yeni bərpa kodları yaradıldı. Əvvəlki tətbiq və kodlar artıq işləmir.`,
      }),
      'recovery-codes-renewed': ({ when }) => ({
        subject: 'Yeni bərpa kodları yaradıldı',
        what: `${when} tarixində hesabınız üçün yeni bərpa kodları yaradıldı. Əvvəlki kodlar artıq işləmir.`,
      }),
      'recovery-code-used': ({ when, left }) => ({
        subject: 'Giriş üçün bərpa kodu istifadə edildi',
        what: `${when} tarixində kimsə bərpa kodu ilə hesabınıza daxil oldu. Qalan bərpa kodları: ${left}.`,
      }),
      'second-factor-reset': ({ when }) => ({
        subject: 'İki mərhələli təsdiqiniz sıfırlandı',
        what: `${when} tarixində administrator hesabınızın iki mərhələli təsdiqini sıfırladı: autentifikasiya tətbiqi, bərpa kodları və giriş açarları silindi, bütün cihazlarda hesabdan çıxarıldınız. Növbəti girişinizdə iki mərhələli təsdiqi yenidən quracaqsınız.`,
      }),
      'new-device': ({ when, device }) => ({
        subject: 'Hesabınıza yeni giriş',
        what: `${when} tarixində kimsə ${device} vasitəsilə hesabınıza daxil oldu; bu brauzerdən son 90 gündə hesabınıza giriş edilməyib.`,
      }),
      'password-changed': ({ when, device }) => ({
        subject: 'Şifrəniz dəyişdirildi',
        what: `${when} tarixində hesabınızın şifrəsi ${device} vasitəsilə dəyişdirildi.`,
      }),
      'password-reset': ({ when, device }) => ({
        subject: 'Şifrəniz sıfırlandı',
        what: `${when} tarixində hesabınızın şifrəsi sizə göndərilən keçidlə ${device} vasitəsilə sıfırlandı.`,
      }),
    },
    device: (browser, system) => `${system || 'naməlum sistem'} üzərində ${browser || 'naməlum brauzer'}`,
    ignore: 'Əgər bu sizsinizsə, bu məktubu nəzərə almaya bilərsiniz.',
    action: 'Bu mən deyildim',
    undo: 'Əgər bu siz deyildinizsə, yuxarıdakı keçiddən istifadə edin: o, sizi bütün cihazlarda hesabdan çıxarır, giriş açarlarınızı və başqa birinin əlavə edə biləcəyi hər bir autentifikasiya tətbiqini silir və yeni şifrə seçməyinizi istəyir. Keçid 24 saat ərzində bir dəfə işləyir.',
    secured: {
      subject: 'Yeni şifrə seçin',
      before: [
        'Hesabınızdakı dəyişikliyin sizə aid olmadığını bildirdiniz. Sizi bütün cihazlarda hesabdan çıxardıq, əlavə ediləni sildik və şifrənizi söndürdük.',
        'Aşağıdakı keçidlə yeni şifrə seçin. Keçid bir saat ərzində etibarlıdır.',
      ],
      action: 'Yeni şifrə seç',
      after: ['Keçidin vaxtı keçibsə, giriş səhifəsində “Şifrəni unutmusunuz” ilə yenisini istəyin.'],
    },
    digest: {
      subject: 'Hesabınızda daha çox fəaliyyət',
      intro: (count) => `Hesabınızda daha ${count} dəyişiklik və ya giriş oldu: bir saatda ayrıca bildirdiyimizdən çox. Hamısı bir məktubda:`,
      times: (count, what) => (count === 1 ? what : `${count} dəfə, sonuncusu: ${what}`),
    },
  },
};

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

/** The subject and sentence of one event. */
function told(dictionary: AlertDictionary, language: Language, facts: AlertFacts) {
  return dictionary.events[facts.event]({
    when: whenOf(language, facts.happenedAt),
    left: facts.recoveryCodesLeft ?? 0,
    device: dictionary.device(facts.device?.browser, facts.device?.system),
  });
}

const what = (dictionary: AlertDictionary, language: Language, facts: AlertFacts) => told(dictionary, language, facts).what;

/** The alert of one event, with its "This wasn't me" link. */
export function alertMail(language: string, facts: AlertFacts, link: string): MailContent {
  return renderMail(
    language,
    (chosen) => {
      const dictionary = dictionaries[chosen];
      return {
        subject: told(dictionary, chosen, facts).subject,
        before: [what(dictionary, chosen, facts), dictionary.ignore],
        action: dictionary.action,
        after: [dictionary.undo],
      };
    },
    link,
  );
}

/** The alerts past the hour's cap in one mail: each kind of event with how often it came and its latest, and one "This wasn't me" link for all. */
export function alertDigestMail(language: string, digest: { count: number; events: { count: number; facts: AlertFacts }[] }, link: string): MailContent {
  return renderMail(
    language,
    (chosen) => {
      const dictionary = dictionaries[chosen];
      const lines = digest.events.map(({ count, facts }) => dictionary.digest.times(count, what(dictionary, chosen, facts)));
      return {
        subject: dictionary.digest.subject,
        before: [dictionary.digest.intro(digest.count), ...lines, dictionary.ignore],
        action: dictionary.action,
        after: [dictionary.undo],
      };
    },
    link,
  );
}

/** After "This wasn't me": the link that sets a new password. */
export function securedAccountMail(language: string, link: string): MailContent {
  return renderMail(language, (chosen) => dictionaries[chosen].secured, link);
}
