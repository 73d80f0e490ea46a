/**
 * The server's words in English: its mails (server/mail/templates.ts), its security alerts
 * (server/mail/alert-templates.ts), the OpenID Provider's pages (server/oidc/pages.ts), a device's
 * sign-in pages (server/oidc/device-pages.ts) and the development pages (server/dev/). This table
 * is the shape every other language's must have (`ServerTexts`): `tsc` refuses a table that lacks
 * a key or a paragraph, and server/i18n/catalogue.test.ts says which. `{{name}}` marks a value the page or mail fills in
 * (`fillIn`, server/i18n/server-texts.ts), as in the app's locales/en.json.
 */
export const en = {
  mails: {
    /** Introduces the link written out, for mail programs that do not show links. */
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
    invitation: {
      subject: 'You have been invited to {{organisation}}',
      before: ['You have been invited to join {{organisation}}. To accept, choose a password for your account.'],
      action: 'Choose a password',
      after: ['If you were not expecting this invitation, you can ignore this e-mail.'],
    },
  },
  alerts: {
    /** What happened: the subject and the sentence that says it, with its time (and the codes left, the device). */
    events: {
      'passkey-added': {
        subject: 'A passkey was added to your account',
        what: 'A passkey was added to your account on {{when}}.',
      },
      'passkey-removed': {
        subject: 'A passkey was removed from your account',
        what: 'A passkey was removed from your account on {{when}}.',
      },
      'totp-enabled': {
        subject: 'Two-step verification was turned on',
        what: 'An authenticator app was set up for two-step verification of your account on {{when}}, with a new set of recovery codes.',
      },
      'totp-replaced': {
        subject: 'Your authenticator app was replaced',
        what: 'A new authenticator app replaced the one your account used for two-step verification on {{when}}, with a new set of recovery codes. The previous app and codes no longer work.',
      },
      'recovery-codes-renewed': {
        subject: 'New recovery codes were made',
        what: 'A new set of recovery codes was made for your account on {{when}}. The previous codes no longer work.',
      },
      'recovery-code-used': {
        subject: 'A recovery code was used to sign in',
        what: 'Someone signed in to your account with a recovery code on {{when}}. Recovery codes left: {{left}}.',
      },
      'second-factor-reset': {
        subject: 'Your two-step verification was reset',
        what: 'An administrator reset the two-step verification of your account on {{when}}: its authenticator app, recovery codes and passkeys were removed, and you were signed out everywhere. You set up two-step verification again at your next sign-in.',
      },
      'new-device': {
        subject: 'New sign-in to your account',
        what: 'Someone signed in to your account on {{when}} from {{device}}, a browser that has not signed in to it in the last 90 days.',
      },
      'password-changed': {
        subject: 'Your password was changed',
        what: 'The password of your account was changed on {{when}} from {{device}}.',
      },
      'password-reset': {
        subject: 'Your password was reset',
        what: 'The password of your account was reset on {{when}} with a link mailed to you, from {{device}}.',
      },
    },
    /** A browser on a system, each named or said unknown. */
    device: '{{browser}} on {{system}}',
    unknownBrowser: 'an unknown browser',
    unknownSystem: 'an unknown system',
    ignore: 'If this was you, you can ignore this e-mail.',
    action: "This wasn't me",
    undo: 'If it was not you, use the link above: it signs you out on every device, removes your passkeys and any authenticator app someone else could have added, and asks you to choose a new password. It works once, within 24 hours.',
    /** The mail after "This wasn't me". */
    secured: {
      subject: 'Choose a new password',
      before: [
        'You told us that a change to your account was not yours. We signed you out on every device, removed what was added, and turned off your password.',
        'Choose a new password with the link below. The link is valid for one hour.',
      ],
      action: 'Choose a new password',
      after: ['If the link has expired, ask for a new one on the sign-in page with "Forgot password".'],
    },
    /** The digest of alerts past the hour's cap (server/auth/alert-digest.ts): its subject, its opening, and one kind of event that came more than once. */
    digest: {
      subject: 'More activity on your account',
      intro: 'Your account had {{count}} more changes or sign-ins than we alert you of one by one in an hour. Here they all are in one e-mail:',
      times: '{{count}} times, the latest: {{what}}',
    },
  },
  providerPages: {
    errorTitle: 'This sign-in request cannot be used',
    errorBody:
      'The app that sent you here asked for something the front door does not allow. Go back to the app and try again; if this happens again, tell the people who run the app.',
    details: 'Details for the app’s developers',
    login: 'Go to login',
    logoutTitle: 'Sign out?',
    // The question's first sentence names the app when it has a name: `logoutAsks`, else `logoutAsksAnApp`.
    logoutAsks: '{{app}} asks to sign you out.',
    logoutAsksAnApp: 'An app asks to sign you out.',
    logoutBody: 'You will be signed out of the front door and of every app you entered with it on this browser.',
    signOut: 'Sign out',
    stay: 'Stay signed in',
    signedOutTitle: 'You are signed out',
    signedOutBody: 'You are no longer signed in on this browser.',
  },
  devicePages: {
    codeTitle: 'Sign in on a device',
    codeBody: 'Enter the code your TV, console or command line shows.',
    codeLabel: 'Code',
    next: 'Continue',
    /** Why a code was not taken, by the engine's error name. */
    refused: {
      NoCodeError: 'Enter the code your device shows.',
      NotFoundError: 'No device is waiting for that code. Check it and try again.',
      ExpiredError: 'That code has expired. Start again on your device to get a new one.',
      AlreadyUsedError: 'That code has been used already. Start again on your device to get a new one.',
    },
    confirmTitle: 'Sign in on your device?',
    confirmBody: '{{app}} asks to sign in to your account. Confirm only if your device shows {{code}}.',
    confirm: 'Confirm',
    cancel: 'Cancel',
    cancelledTitle: 'Sign-in cancelled',
    cancelledBody: 'Your device was not signed in. You can close this page.',
    doneTitle: 'You can go back to your device',
    doneBody: 'Your device is signed in. You can close this page.',
  },
  /** The development pages (server/dev/): the demo platform's apps, the outbox, the identity provider, the demo apps. */
  devPages: {
    notFound: 'Not found',
    signOut: 'Sign out',
    notSignedIn: 'Not signed in.',
    /** The stand-ins for the platform's apps (server/dev/landing-pages.ts). */
    landing: {
      portal: 'Portal of {{context}}',
      admin: 'Admin area of {{context}}',
      marketplace: 'Marketplace',
      meta: 'Meta',
      title: '{{app}} (demo)',
      intro: 'A stand-in for the platform’s app, served by the front door’s reference server for the demo.',
      signedInAs: 'Signed in as',
      context: 'Context',
      notReached: '(not reached by this session)',
      route: 'Route',
      signedInWith: 'Signed in with',
      signIn: 'Sign in at the front door',
    },
    /** The embedded outbox (server/dev/mail-pages.ts). */
    outbox: {
      title: 'Outbox',
      empty: 'No mail has been sent yet.',
      intro: 'Newest first. Mail sent while no SMTP server is configured.',
      to: 'To',
      sent: 'Sent',
    },
    /** The development SAML identity provider (server/dev/identity-provider-pages.ts). */
    identityProvider: {
      title: 'Sign in – development identity provider',
      heading: 'Development identity provider',
      intro: 'A stand-in for an organisation’s own identity provider, for demos and tests. It signs in whoever enters an e-mail address; no password is asked.',
      email: 'E-mail',
      signIn: 'Sign in',
      responseTitle: 'Continue to the front door',
      signedIn: 'Signed in',
      takingYouBack: 'Taking you back to the front door.',
      next: 'Continue',
    },
    /** The apps that sign in with OpenID Connect (server/dev/demo-apps.ts). */
    demoApp: {
      title: '{{app}} (demo app)',
      intro: 'A demo app outside the front door’s cookie domain that signs in with OpenID Connect (code flow with PKCE).',
      answered: 'The front door answered:',
      noPendingSignIn: 'No sign-in of this browser waits for an answer.',
      noIdToken: 'The token answer holds no ID token.',
      signedOutByFrontDoor: 'Signed out by the front door: the session this app signed in with has ended.',
      /** `{{who}}` is the e-mail address, in bold. */
      signedInAs: 'Signed in as {{who}}. The ID token’s claims, verified with the front door’s published key:',
      claims: 'ID token',
      claim: 'Claim',
      value: 'Value',
      signIn: 'Sign in with Frontdoor',
      otherAsks: 'Other ways to ask',
      /** The ways to ask for a sign-in; each names its parameter, as the app sends it. */
      asks: {
        login: 'Sign in again (prompt=login)',
        mfa: 'With a second factor (acr_values=mfa)',
        none: 'Only if already signed in (prompt=none)',
        german: 'In German (ui_locales=de)',
      },
    },
  },
} as const;

/** A table of the same shape as English's: each text a string, each list of paragraphs as long as English's. */
type Shaped<Table> = Table extends string ? string : { readonly [Key in keyof Table]: Shaped<Table[Key]> };

/** The server's words in one language. */
export type ServerTexts = Shaped<typeof en>;
