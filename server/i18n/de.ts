/** The server's words in German, key for key as English's (server/i18n/en.ts). */
import type { ServerTexts } from './en';

export const de: ServerTexts = {
  mails: {
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
    invitation: {
      subject: 'Sie wurden zu {{organisation}} eingeladen',
      before: ['Sie wurden eingeladen, {{organisation}} beizutreten. Wählen Sie ein Passwort für Ihr Konto, um die Einladung anzunehmen.'],
      action: 'Passwort wählen',
      after: ['Falls Sie keine Einladung erwartet haben, können Sie diese E-Mail ignorieren.'],
    },
  },
  alerts: {
    events: {
      'passkey-added': {
        subject: 'Ihrem Konto wurde ein Passkey hinzugefügt',
        what: 'Am {{when}} wurde Ihrem Konto ein Passkey hinzugefügt.',
      },
      'passkey-removed': {
        subject: 'Aus Ihrem Konto wurde ein Passkey entfernt',
        what: 'Am {{when}} wurde ein Passkey aus Ihrem Konto entfernt.',
      },
      'totp-enabled': {
        subject: 'Die Bestätigung in zwei Schritten wurde eingeschaltet',
        what: 'Am {{when}} wurde für Ihr Konto eine Authentifizierungs-App für die Bestätigung in zwei Schritten eingerichtet, mit neuen Wiederherstellungscodes.',
      },
      'totp-replaced': {
        subject: 'Ihre Authentifizierungs-App wurde ersetzt',
        what: 'Am {{when}} hat eine neue Authentifizierungs-App die bisherige Ihres Kontos ersetzt, mit neuen Wiederherstellungscodes. Die bisherige App und die alten Codes funktionieren nicht mehr.',
      },
      'recovery-codes-renewed': {
        subject: 'Neue Wiederherstellungscodes wurden erstellt',
        what: 'Am {{when}} wurden für Ihr Konto neue Wiederherstellungscodes erstellt. Die alten Codes funktionieren nicht mehr.',
      },
      'recovery-code-used': {
        subject: 'Zur Anmeldung wurde ein Wiederherstellungscode verwendet',
        what: 'Am {{when}} hat sich jemand mit einem Wiederherstellungscode bei Ihrem Konto angemeldet. Verbleibende Wiederherstellungscodes: {{left}}.',
      },
      'second-factor-reset': {
        subject: 'Ihre Bestätigung in zwei Schritten wurde zurückgesetzt',
        what: 'Am {{when}} hat ein Administrator die Bestätigung in zwei Schritten Ihres Kontos zurückgesetzt: Authentifizierungs-App, Wiederherstellungscodes und Passkeys wurden entfernt, und Sie wurden überall abgemeldet. Bei Ihrer nächsten Anmeldung richten Sie die Bestätigung in zwei Schritten neu ein.',
      },
      'new-device': {
        subject: 'Neue Anmeldung bei Ihrem Konto',
        what: 'Am {{when}} hat sich jemand mit {{device}} bei Ihrem Konto angemeldet, einem Browser, der sich in den letzten 90 Tagen nicht bei Ihrem Konto angemeldet hat.',
      },
      'password-changed': {
        subject: 'Ihr Passwort wurde geändert',
        what: 'Am {{when}} wurde das Passwort Ihres Kontos mit {{device}} geändert.',
      },
      'password-reset': {
        subject: 'Ihr Passwort wurde zurückgesetzt',
        what: 'Am {{when}} wurde das Passwort Ihres Kontos über einen Ihnen gesendeten Link mit {{device}} zurückgesetzt.',
      },
    },
    device: '{{browser}} auf {{system}}',
    unknownBrowser: 'einem unbekannten Browser',
    unknownSystem: 'einem unbekannten System',
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
      intro:
        'In Ihrem Konto gab es {{count}} weitere Änderungen oder Anmeldungen, mehr als wir Ihnen in einer Stunde einzeln melden. Hier sind alle in einer E-Mail:',
      times: '{{count}}-mal, zuletzt: {{what}}',
    },
  },
  providerPages: {
    errorTitle: 'Diese Anmeldeanfrage kann nicht verwendet werden',
    errorBody:
      'Die App, die Sie hierher geschickt hat, hat etwas angefragt, das die Anmeldung nicht erlaubt. Kehren Sie zur App zurück und versuchen Sie es erneut; wenn es wieder passiert, informieren Sie die Betreiber der App.',
    details: 'Details für die Entwickler der App',
    login: 'Zur Anmeldung',
    logoutTitle: 'Abmelden?',
    logoutAsks: '{{app}} möchte Sie abmelden.',
    logoutAsksAnApp: 'Eine App möchte Sie abmelden.',
    logoutBody: 'Sie werden in diesem Browser von der Anmeldung und von jeder App abgemeldet, die Sie darüber geöffnet haben.',
    signOut: 'Abmelden',
    stay: 'Angemeldet bleiben',
    signedOutTitle: 'Sie sind abgemeldet',
    signedOutBody: 'Sie sind in diesem Browser nicht mehr angemeldet.',
  },
  devicePages: {
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
    confirmBody: '{{app}} möchte sich bei Ihrem Konto anmelden. Bestätigen Sie nur, wenn Ihr Gerät {{code}} anzeigt.',
    confirm: 'Bestätigen',
    cancel: 'Abbrechen',
    cancelledTitle: 'Anmeldung abgebrochen',
    cancelledBody: 'Ihr Gerät wurde nicht angemeldet. Sie können diese Seite schließen.',
    doneTitle: 'Sie können zu Ihrem Gerät zurückkehren',
    doneBody: 'Ihr Gerät ist angemeldet. Sie können diese Seite schließen.',
  },
  devPages: {
    notFound: 'Nicht gefunden',
    signOut: 'Abmelden',
    notSignedIn: 'Nicht angemeldet.',
    landing: {
      portal: 'Portal von {{context}}',
      admin: 'Verwaltung von {{context}}',
      marketplace: 'Marktplatz',
      meta: 'Meta',
      title: '{{app}} (Demo)',
      intro: 'Ein Platzhalter für die App der Plattform, für die Demo vom Referenzserver der Anmeldung ausgeliefert.',
      signedInAs: 'Angemeldet als',
      context: 'Kontext',
      notReached: '(mit dieser Sitzung nicht erreichbar)',
      route: 'Route',
      signedInWith: 'Angemeldet mit',
      signIn: 'Zur Anmeldung',
    },
    outbox: {
      title: 'Postausgang',
      empty: 'Es wurde noch keine E-Mail gesendet.',
      intro: 'Neueste zuerst. E-Mails, die gesendet wurden, während kein SMTP-Server eingerichtet ist.',
      to: 'An',
      sent: 'Gesendet',
    },
    identityProvider: {
      title: 'Anmelden – Entwicklungs-Identitätsanbieter',
      heading: 'Entwicklungs-Identitätsanbieter',
      intro:
        'Ein Platzhalter für den eigenen Identitätsanbieter einer Organisation, für Demos und Tests. Er meldet jeden an, der eine E-Mail-Adresse eingibt; ein Passwort wird nicht verlangt.',
      email: 'E-Mail',
      signIn: 'Anmelden',
      responseTitle: 'Weiter zur Anmeldung',
      signedIn: 'Angemeldet',
      takingYouBack: 'Sie werden zur Anmeldung zurückgebracht.',
      next: 'Weiter',
    },
    demoApp: {
      title: '{{app}} (Demo-App)',
      intro: 'Eine Demo-App außerhalb der Cookie-Domain der Anmeldung, die sich mit OpenID Connect anmeldet (Code Flow mit PKCE).',
      answered: 'Die Anmeldung antwortete:',
      noPendingSignIn: 'Keine Anmeldung dieses Browsers wartet auf eine Antwort.',
      noIdToken: 'Die Token-Antwort enthält kein ID-Token.',
      signedOutByFrontDoor: 'Von der Anmeldung abgemeldet: Die Sitzung, mit der sich diese App angemeldet hat, ist beendet.',
      signedInAs: 'Angemeldet als {{who}}. Die Claims des ID-Tokens, geprüft mit dem veröffentlichten Schlüssel der Anmeldung:',
      claims: 'ID-Token',
      claim: 'Claim',
      value: 'Wert',
      signIn: 'Mit Frontdoor anmelden',
      otherAsks: 'Andere Arten der Anfrage',
      asks: {
        login: 'Erneut anmelden (prompt=login)',
        mfa: 'Mit zweitem Faktor (acr_values=mfa)',
        none: 'Nur wenn bereits angemeldet (prompt=none)',
        german: 'Auf Deutsch (ui_locales=de)',
      },
    },
  },
};
