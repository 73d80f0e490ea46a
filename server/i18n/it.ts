/** The server's words in Italian, key for key as English's (server/i18n/en.ts). */
import type { ServerTexts } from './en';

export const it: ServerTexts = {
  mails: {
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
    invitation: {
      subject: 'Invito a unirti a {{organisation}}',
      before: ['Hai ricevuto un invito a unirti a {{organisation}}. Per accettarlo, scegli una password per il tuo account.'],
      action: 'Scegli una password',
      after: ['Se non ti aspettavi questo invito, puoi ignorare questa e-mail.'],
    },
  },
  alerts: {
    events: {
      'passkey-added': {
        subject: 'È stata aggiunta una passkey al tuo account',
        what: 'Il {{when}} è stata aggiunta una passkey al tuo account.',
      },
      'passkey-removed': {
        subject: 'È stata rimossa una passkey dal tuo account',
        what: 'Il {{when}} è stata rimossa una passkey dal tuo account.',
      },
      'totp-enabled': {
        subject: 'La verifica in due passaggi è stata attivata',
        what: "Il {{when}} è stata configurata un'app di autenticazione per la verifica in due passaggi del tuo account, con un nuovo set di codici di recupero.",
      },
      'totp-replaced': {
        subject: 'La tua app di autenticazione è stata sostituita',
        what: "Il {{when}} una nuova app di autenticazione ha sostituito quella usata dal tuo account, con un nuovo set di codici di recupero. L'app e i codici precedenti non funzionano più.",
      },
      'recovery-codes-renewed': {
        subject: 'Sono stati creati nuovi codici di recupero',
        what: 'Il {{when}} è stato creato un nuovo set di codici di recupero per il tuo account. I codici precedenti non funzionano più.',
      },
      'recovery-code-used': {
        subject: 'Per accedere è stato usato un codice di recupero',
        what: "Il {{when}} qualcuno ha effettuato l'accesso al tuo account con un codice di recupero. Codici di recupero rimasti: {{left}}.",
      },
      'second-factor-reset': {
        subject: 'La tua verifica in due passaggi è stata reimpostata',
        what: "Il {{when}} un amministratore ha reimpostato la verifica in due passaggi del tuo account: l'app di autenticazione, i codici di recupero e le passkey sono stati rimossi, ed è stata chiusa ogni tua sessione. Al prossimo accesso configurerai di nuovo la verifica in due passaggi.",
      },
      'new-device': {
        subject: 'Nuovo accesso al tuo account',
        what: "Il {{when}} qualcuno ha effettuato l'accesso al tuo account da {{device}}, un browser che non vi ha effettuato l'accesso negli ultimi 90 giorni.",
      },
      'password-changed': {
        subject: 'La tua password è stata cambiata',
        what: 'Il {{when}} la password del tuo account è stata cambiata da {{device}}.',
      },
      'password-reset': {
        subject: 'La tua password è stata reimpostata',
        what: 'Il {{when}} la password del tuo account è stata reimpostata con un link inviato via e-mail, da {{device}}.',
      },
    },
    device: '{{browser}} su {{system}}',
    unknownBrowser: 'un browser sconosciuto',
    unknownSystem: 'un sistema sconosciuto',
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
      intro:
        'Sul tuo account ci sono state altre {{count}} modifiche o accessi, più di quanti te ne segnaliamo uno per uno in un’ora. Eccoli tutti in un’unica e-mail:',
      times: '{{count}} volte, l’ultima: {{what}}',
    },
  },
  providerPages: {
    errorTitle: 'Questa richiesta di accesso non può essere usata',
    errorBody:
      'L’app che ti ha mandato qui ha chiesto qualcosa che l’accesso non consente. Torna all’app e riprova; se succede di nuovo, avvisa chi gestisce l’app.',
    details: 'Dettagli per gli sviluppatori dell’app',
    login: 'Vai all’accesso',
    logoutTitle: 'Uscire?',
    logoutAsks: '{{app}} chiede di farti uscire.',
    logoutAsksAnApp: 'Un’app chiede di farti uscire.',
    logoutBody: 'Uscirai dall’accesso e da ogni app in cui sei entrato con esso su questo browser.',
    signOut: 'Esci',
    stay: 'Resta connesso',
    signedOutTitle: 'Sei uscito',
    signedOutBody: 'Non sei più connesso su questo browser.',
  },
  devicePages: {
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
    confirmBody: '{{app}} chiede di accedere al tuo account. Conferma solo se il dispositivo mostra {{code}}.',
    confirm: 'Conferma',
    cancel: 'Annulla',
    cancelledTitle: 'Accesso annullato',
    cancelledBody: 'Il dispositivo non ha effettuato l’accesso. Puoi chiudere questa pagina.',
    doneTitle: 'Puoi tornare al tuo dispositivo',
    doneBody: 'Il dispositivo ha effettuato l’accesso. Puoi chiudere questa pagina.',
  },
  devPages: {
    notFound: 'Non trovato',
    signOut: 'Esci',
    notSignedIn: 'Non connesso.',
    landing: {
      portal: 'Portale di {{context}}',
      admin: 'Area di amministrazione di {{context}}',
      marketplace: 'Marketplace',
      meta: 'Meta',
      title: '{{app}} (demo)',
      intro: 'Un segnaposto per l’app della piattaforma, servito per la demo dal server di riferimento dell’accesso.',
      signedInAs: 'Connesso come',
      context: 'Contesto',
      notReached: '(non raggiungibile con questa sessione)',
      route: 'Percorso',
      signedInWith: 'Accesso con',
      signIn: 'Vai all’accesso',
    },
    outbox: {
      title: 'Posta in uscita',
      empty: 'Non è stata ancora inviata nessuna e-mail.',
      intro: 'Dalla più recente. E-mail inviate mentre nessun server SMTP è configurato.',
      to: 'A',
      sent: 'Inviata',
    },
    identityProvider: {
      title: 'Accedi – provider di identità di sviluppo',
      heading: 'Provider di identità di sviluppo',
      intro:
        'Un segnaposto per il provider di identità di un’organizzazione, per demo e test. Fa accedere chiunque inserisca un indirizzo e-mail; non chiede nessuna password.',
      email: 'E-mail',
      signIn: 'Accedi',
      responseTitle: 'Continua verso l’accesso',
      signedIn: 'Accesso effettuato',
      takingYouBack: 'Ti riportiamo all’accesso.',
      next: 'Continua',
    },
    demoApp: {
      title: '{{app}} (app demo)',
      intro: 'Un’app demo fuori dal dominio dei cookie dell’accesso, che accede con OpenID Connect (code flow con PKCE).',
      answered: 'L’accesso ha risposto:',
      noPendingSignIn: 'Nessun accesso di questo browser attende una risposta.',
      noIdToken: 'La risposta del token non contiene un ID token.',
      signedOutByFrontDoor: 'Uscita dall’accesso: la sessione con cui questa app ha effettuato l’accesso è terminata.',
      signedInAs: 'Connesso come {{who}}. I claim dell’ID token, verificati con la chiave pubblicata dall’accesso:',
      claims: 'ID token',
      claim: 'Claim',
      value: 'Valore',
      signIn: 'Accedi con Frontdoor',
      otherAsks: 'Altri modi di chiedere',
      asks: {
        login: 'Accedi di nuovo (prompt=login)',
        mfa: 'Con un secondo fattore (acr_values=mfa)',
        none: 'Solo se già connesso (prompt=none)',
        german: 'In tedesco (ui_locales=de)',
      },
    },
  },
};
