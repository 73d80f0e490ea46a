/**
 * The route table of flows 2 as data: path, screen, page title, the text groups the screen shows
 * and who may see it. The router moves by it (src/router/page-router.tsx) and the build
 * prerenders a page of each row (scripts/prerender.ts); a page's first view takes what it needs of
 * its row from the page (src/router/scripts-block.ts), the screen's chunk from
 * src/router/screens.ts and the step's query parameters from src/flow/step-search.ts.
 */
import { PATHS, type AppPath } from '../flow/paths';
import type { GuardName } from '../flow/guards';
import type { TextKey } from '../i18n/text-keys';
import type { ScreenName } from './screens';
import { matchPath } from '../../rules/route-pattern';

/** A group of `page.*` texts: 'login' for page.login.heading and its siblings. */
export type PageTexts = TextKey extends infer Key ? (Key extends `page.${infer Group}.${string}` ? Group : never) : never;

/** A field's group of texts: 'field.new-password' for its label, rules and errors. */
export type FieldTexts = TextKey extends infer Key ? (Key extends `field.${infer Name}.${string}` ? `field.${Name}` : never) : never;

export interface RouteRow {
  path: AppPath;
  /** The screen: its module's file and export (flows 2). */
  screen: ScreenName;
  /** The page title's text (flows 2: titles come from route metadata). */
  titleKey: TextKey;
  /** The groups of `page.*` texts the screen shows: its page carries them whole. */
  texts: readonly PageTexts[];
  /**
   * The texts of a form the screen shows only once it has judged what its page cannot (a link's
   * token, the session), behind a first view's loading card: the page carries them too, so the
   * form is named the moment it shows, before the whole dictionary has arrived.
   */
  formTexts?: readonly (FieldTexts | TextKey)[];
  guard?: GuardName;
  /**
   * Where a press on the screen's form goes on to: its code and texts are fetched once the person
   * engages with the form (by the page before its script has taken over, by the router after), so
   * the move after the answer waits for nothing else (docs/decisions/0018-one-round-trip-a-step.md).
   */
  next?: AppPath;
  /**
   * The screen's first view reads no session: its page takes presses before the session's stores
   * have arrived (src/router/session-at-hand.ts).
   */
  sessionless?: true;
  /**
   * Only where the toolkit's gallery is served (development, config.gallery): its page is an
   * empty shell the router fills at once, and elsewhere the path is one like any unknown one.
   */
  development?: true;
}

/**
 * Text groups every page carries whole beside the texts its first view renders: the names and the
 * errors, with their times, that a press may show before any move (scripts/prerender/ssr.tsx).
 */
export const ANSWER_TEXTS = ['app', 'error', 'time'] as const satisfies readonly (TextKey extends `${infer Group}.${string}` ? Group : never)[];

/** The form of a password set from a link (src/screens/parts/PasswordFromLink.tsx). */
const LINK_PASSWORD_FORM = ['field.email', 'field.password', 'field.new-password', 'field.repeat-password', 'button.continue'] as const;

export const ROUTE_TABLE: readonly RouteRow[] = [
  {
    path: PATHS.login,
    screen: 'Login',
    titleKey: 'title.login',
    texts: ['login'],
    // A stored session is checked once the form takes presses.
    sessionless: true,
    next: PATHS.loginWithPassword,
  },
  {
    path: PATHS.loginWithPassword,
    screen: 'LoginWithPassword',
    titleKey: 'title.login',
    texts: ['login', 'login-password'],
  },
  {
    path: PATHS.loginWithSsoSuccess,
    screen: 'LoginWithSSOSuccess',
    titleKey: 'title.login',
    texts: ['login-sso-success'],
  },
  {
    path: PATHS.mfaLogin,
    screen: 'MFALogin',
    titleKey: 'title.login',
    texts: ['mfa-login'],
  },
  { path: PATHS.logout, screen: 'Logout', titleKey: 'title.logout', texts: ['logout'] },
  {
    path: PATHS.register,
    screen: 'Register',
    titleKey: 'title.register',
    texts: ['register'],
    next: PATHS.registerSuccess,
  },
  {
    path: PATHS.registerSuccess,
    screen: 'RegisterSuccess',
    titleKey: 'title.register',
    texts: ['register-success', 'mail-sent', 'password-reset-success'],
  },
  {
    path: PATHS.mfaSetup,
    screen: 'MFASetup',
    titleKey: 'title.mfa-setup',
    texts: ['mfa-setup'],
    guard: 'pending-mfa-setup',
  },
  {
    path: PATHS.mfaSetupConfirmation,
    screen: 'MFASetupConfirmation',
    titleKey: 'title.mfa-confirm',
    texts: ['mfa-confirm', 'recovery-codes'],
    guard: 'pending-mfa-setup',
  },
  {
    path: PATHS.passwordReset,
    screen: 'PasswordReset',
    titleKey: 'title.password-reset',
    texts: ['password-reset'],
    next: PATHS.passwordResetSuccess,
  },
  {
    path: PATHS.passwordResetSuccess,
    screen: 'PasswordResetSuccess',
    titleKey: 'title.password-reset',
    texts: ['password-reset-success', 'mail-sent'],
  },
  {
    path: PATHS.passwordUpdate,
    screen: 'PasswordUpdate',
    titleKey: 'title.password-reset',
    texts: ['password-update'],
    formTexts: LINK_PASSWORD_FORM,
  },
  {
    path: PATHS.passwordUpdateSuccess,
    screen: 'PasswordUpdateSuccess',
    titleKey: 'title.password-reset',
    texts: ['password-update-success'],
  },
  {
    path: PATHS.passwordChange,
    screen: 'PasswordChange',
    titleKey: 'title.password-change',
    texts: ['password-change'],
    formTexts: ['field.current-password', 'field.password', 'field.new-password', 'field.repeat-password', 'button.save'],
  },
  {
    path: PATHS.signup,
    screen: 'Signup',
    titleKey: 'title.signup',
    texts: ['password-update', 'signup'],
    formTexts: LINK_PASSWORD_FORM,
  },
  {
    path: PATHS.signupSuccess,
    screen: 'SignupSuccess',
    titleKey: 'title.signup',
    texts: ['signup-success'],
  },
  {
    path: PATHS.migration,
    screen: 'Migration',
    titleKey: 'title.migration',
    texts: ['migration', 'login'],
  },
  {
    path: PATHS.passwordMigrationSuccess,
    screen: 'PasswordMigrationSuccess',
    titleKey: 'title.migration',
    texts: ['migration', 'mail-sent', 'password-reset-success'],
  },
  {
    path: PATHS.companySelection,
    screen: 'CompanySelection',
    titleKey: 'title.company',
    texts: ['company', 'password-notice', 'password-change'],
    // The notice of a password known to attackers, and its form (flows 4.17).
    formTexts: ['field.email', 'field.current-password', 'field.password', 'field.new-password', 'field.repeat-password', 'button.save'],
    guard: 'company-choice',
  },
  {
    path: PATHS.termsAndConditions,
    screen: 'TermsAndConditions',
    titleKey: 'title.terms',
    texts: ['terms'],
    guard: 'session',
  },
  {
    path: PATHS.recoveryCodes,
    screen: 'RecoveryCodes',
    titleKey: 'title.recovery-codes',
    texts: ['recovery-codes-renewal', 'recovery-codes'],
    guard: 'session',
  },
  {
    path: PATHS.newAuthenticator,
    screen: 'NewAuthenticator',
    titleKey: 'title.new-authenticator',
    texts: ['new-authenticator', 'mfa-setup', 'mfa-confirm', 'recovery-codes'],
    guard: 'session',
  },
  {
    path: PATHS.passkeys,
    screen: 'Passkeys',
    titleKey: 'title.passkeys',
    texts: ['passkeys'],
    guard: 'session',
  },
  {
    path: PATHS.sessions,
    screen: 'Sessions',
    titleKey: 'title.sessions',
    texts: ['sessions'],
    guard: 'session',
  },
  {
    path: PATHS.secureAccount,
    screen: 'SecureAccount',
    titleKey: 'title.secure-account',
    texts: ['secure-account'],
    // Opened from a mail, in whatever browser: it reads no session.
    sessionless: true,
  },
  // The toolkit's gallery, which is no step of the front door. Its side panel is a child route
  // (flows 2): the same screen, shown open over it.
  { path: PATHS.gallery, screen: 'Gallery', titleKey: 'title.gallery', texts: [], sessionless: true, development: true },
  { path: PATHS.galleryPanel, screen: 'Gallery', titleKey: 'title.gallery', texts: [], sessionless: true, development: true },
];

/** A path that only sends the visitor on, with its parameters. */
export interface Alias {
  path: string;
  to: AppPath;
}

/** Paths that only send the visitor on, with their parameters (flows 2): / to /login, /company/:context to its terms. */
export const ALIASES: readonly Alias[] = [
  { path: '/', to: PATHS.login },
  { path: '/company/$context', to: PATHS.termsAndConditions },
];

/** A row of the table and the parameters its path gave. */
export interface RouteMatch {
  row: RouteRow;
  params: Record<string, string>;
}

/** The row of a table a path shows, with its parameters; the front door's table unless another is given. */
export function matchRoute(pathname: string, rows: readonly RouteRow[] = ROUTE_TABLE): RouteMatch | undefined {
  for (const candidate of rows) {
    const params = matchPath(candidate.path, pathname);
    if (params) return { row: candidate, params };
  }
  return undefined;
}
