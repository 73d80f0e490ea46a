/** The server's words in French, key for key as English's (server/i18n/en.ts). */
import type { ServerTexts } from './en';

export const fr: ServerTexts = {
  mails: {
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
    invitation: {
      subject: 'Invitation à rejoindre {{organisation}}',
      before: ["Vous avez reçu une invitation à rejoindre {{organisation}}. Pour l'accepter, choisissez un mot de passe pour votre compte."],
      action: 'Choisir un mot de passe',
      after: ['Si vous ne vous attendiez pas à cette invitation, vous pouvez ignorer cet e-mail.'],
    },
  },
  alerts: {
    events: {
      'passkey-added': {
        subject: 'Une clé d’accès a été ajoutée à votre compte',
        what: 'Le {{when}}, une clé d’accès a été ajoutée à votre compte.',
      },
      'passkey-removed': {
        subject: 'Une clé d’accès a été retirée de votre compte',
        what: 'Le {{when}}, une clé d’accès a été retirée de votre compte.',
      },
      'totp-enabled': {
        subject: 'La validation en deux étapes a été activée',
        what: 'Le {{when}}, une application d’authentification a été configurée pour la validation en deux étapes de votre compte, avec un nouveau jeu de codes de récupération.',
      },
      'totp-replaced': {
        subject: 'Votre application d’authentification a été remplacée',
        what: 'Le {{when}}, une nouvelle application d’authentification a remplacé celle de votre compte, avec un nouveau jeu de codes de récupération. L’ancienne application et les anciens codes ne fonctionnent plus.',
      },
      'recovery-codes-renewed': {
        subject: 'De nouveaux codes de récupération ont été créés',
        what: 'Le {{when}}, un nouveau jeu de codes de récupération a été créé pour votre compte. Les anciens codes ne fonctionnent plus.',
      },
      'recovery-code-used': {
        subject: 'Un code de récupération a servi à se connecter',
        what: 'Le {{when}}, quelqu’un s’est connecté à votre compte avec un code de récupération. Codes de récupération restants : {{left}}.',
      },
      'second-factor-reset': {
        subject: 'Votre validation en deux étapes a été réinitialisée',
        what: 'Le {{when}}, un administrateur a réinitialisé la validation en deux étapes de votre compte : l’application d’authentification, les codes de récupération et les clés d’accès ont été retirés, et vous avez été déconnecté partout. Vous configurerez de nouveau la validation en deux étapes lors de votre prochaine connexion.',
      },
      'new-device': {
        subject: 'Nouvelle connexion à votre compte',
        what: 'Le {{when}}, quelqu’un s’est connecté à votre compte depuis {{device}}, un navigateur qui ne s’y était pas connecté ces 90 derniers jours.',
      },
      'password-changed': {
        subject: 'Votre mot de passe a été modifié',
        what: 'Le {{when}}, le mot de passe de votre compte a été modifié depuis {{device}}.',
      },
      'password-reset': {
        subject: 'Votre mot de passe a été réinitialisé',
        what: 'Le {{when}}, le mot de passe de votre compte a été réinitialisé avec un lien envoyé par e-mail, depuis {{device}}.',
      },
    },
    device: '{{browser}} sur {{system}}',
    unknownBrowser: 'un navigateur inconnu',
    unknownSystem: 'un système inconnu',
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
      intro:
        'Votre compte a connu {{count}} autres modifications ou connexions, plus que nous ne vous en signalons une à une en une heure. Les voici toutes dans un seul e-mail :',
      times: '{{count}} fois, la dernière : {{what}}',
    },
  },
  providerPages: {
    errorTitle: 'Cette demande de connexion ne peut pas être utilisée',
    errorBody:
      'L’application qui vous a envoyé ici a demandé quelque chose que la connexion n’autorise pas. Revenez à l’application et réessayez ; si cela se reproduit, prévenez les personnes qui la gèrent.',
    details: 'Détails pour les développeurs de l’application',
    login: 'Aller à la connexion',
    logoutTitle: 'Se déconnecter ?',
    logoutAsks: '{{app}} demande à vous déconnecter.',
    logoutAsksAnApp: 'Une application demande à vous déconnecter.',
    logoutBody: 'Vous serez déconnecté de la connexion et de chaque application ouverte avec elle dans ce navigateur.',
    signOut: 'Se déconnecter',
    stay: 'Rester connecté',
    signedOutTitle: 'Vous êtes déconnecté',
    signedOutBody: 'Vous n’êtes plus connecté dans ce navigateur.',
  },
  devicePages: {
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
    confirmBody: '{{app}} demande à se connecter à votre compte. Confirmez seulement si votre appareil affiche {{code}}.',
    confirm: 'Confirmer',
    cancel: 'Annuler',
    cancelledTitle: 'Connexion annulée',
    cancelledBody: 'Votre appareil n’a pas été connecté. Vous pouvez fermer cette page.',
    doneTitle: 'Vous pouvez revenir à votre appareil',
    doneBody: 'Votre appareil est connecté. Vous pouvez fermer cette page.',
  },
  devPages: {
    notFound: 'Introuvable',
    signOut: 'Se déconnecter',
    notSignedIn: 'Non connecté.',
    landing: {
      portal: 'Portail de {{context}}',
      admin: 'Administration de {{context}}',
      marketplace: 'Place de marché',
      meta: 'Meta',
      title: '{{app}} (démo)',
      intro: 'Une page qui tient lieu de l’application de la plateforme, servie pour la démo par le serveur de référence de la connexion.',
      signedInAs: 'Connecté en tant que',
      context: 'Contexte',
      notReached: '(hors de portée de cette session)',
      route: 'Route',
      signedInWith: 'Connecté avec',
      signIn: 'Aller à la connexion',
    },
    outbox: {
      title: 'Boîte d’envoi',
      empty: 'Aucun e-mail n’a encore été envoyé.',
      intro: 'Les plus récents d’abord. E-mails envoyés tant qu’aucun serveur SMTP n’est configuré.',
      to: 'À',
      sent: 'Envoyé',
    },
    identityProvider: {
      title: 'Se connecter – fournisseur d’identité de développement',
      heading: 'Fournisseur d’identité de développement',
      intro:
        'Il tient lieu du fournisseur d’identité d’une organisation, pour les démos et les tests. Il connecte quiconque saisit une adresse e-mail ; aucun mot de passe n’est demandé.',
      email: 'E-mail',
      signIn: 'Se connecter',
      responseTitle: 'Continuer vers la connexion',
      signedIn: 'Connecté',
      takingYouBack: 'Retour à la connexion.',
      next: 'Continuer',
    },
    demoApp: {
      title: '{{app}} (application de démo)',
      intro: 'Une application de démo hors du domaine des cookies de la connexion, qui se connecte avec OpenID Connect (code flow avec PKCE).',
      answered: 'La connexion a répondu :',
      noPendingSignIn: 'Aucune connexion de ce navigateur n’attend de réponse.',
      noIdToken: 'La réponse du jeton ne contient pas d’ID token.',
      signedOutByFrontDoor: 'Déconnecté par la connexion : la session avec laquelle cette application s’est connectée a pris fin.',
      signedInAs: 'Connecté en tant que {{who}}. Les claims de l’ID token, vérifiés avec la clé publiée par la connexion :',
      claims: 'ID token',
      claim: 'Claim',
      value: 'Valeur',
      signIn: 'Se connecter avec Frontdoor',
      otherAsks: 'Autres façons de demander',
      asks: {
        login: 'Se reconnecter (prompt=login)',
        mfa: 'Avec un second facteur (acr_values=mfa)',
        none: 'Seulement si déjà connecté (prompt=none)',
        german: 'En allemand (ui_locales=de)',
      },
    },
  },
};
