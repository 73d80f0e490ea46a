/**
 * The route table of flows 2 as data: path, screen, page title, the text groups the screen shows,
 * who may see it, the query parameters it reads, and its lazy module. The router is built from it
 * (src/routes.tsx), and so is a page's first view (src/first-view/start.tsx), which renders its screen before
 * the router has arrived.
 */
import type { ComponentType } from 'react';
import { PATHS, type AppPath } from './paths';
import type { GuardName } from './guards';
import type { TextKey } from '../i18n/text-keys';
import { migrationAction } from './migration';
import { matchPath } from '../../rules/route-pattern';
import { isEmail } from '../../rules/email';

/** A group of `page.*` texts: 'login' for page.login.heading and its siblings. */
export type PageTexts = TextKey extends infer Key ? (Key extends `page.${infer Group}.${string}` ? Group : never) : never;

/** A page's query, every parameter as a string, the carried ones only when valid (src/flow/carried.ts). */
export type RawSearch = Readonly<Record<string, string | undefined>>;

export interface RouteRow<Path extends AppPath = AppPath, Search = unknown> {
  path: Path;
  /** The screen's name: its module's file and export (flows 2). */
  screen: string;
  /** The page title's text (flows 2: titles come from route metadata). */
  titleKey: TextKey;
  /** The groups of `page.*` texts the screen shows: its page carries them, a move to it loads them. */
  texts: readonly PageTexts[];
  guard?: GuardName;
  /**
   * The screen's first view reads no session: its page takes presses before the session's stores
   * have arrived (src/first-view/session-at-hand.ts).
   */
  sessionless?: true;
  /** The step's own query parameters, read and checked here once: what its screen may rely on. */
  search(raw: RawSearch): Search;
  load(): Promise<Record<string, ComponentType>>;
}

/** Text groups every screen may show: names, titles, buttons, fields, errors, times. */
export const COMMON_TEXTS = ['app', 'title', 'button', 'field', 'error', 'time'] as const satisfies readonly (TextKey extends `${infer Group}.${string}`
  ? Group
  : never)[];

const noSearch = () => ({});
/** An e-mail the step needs: a valid one, or none. */
const emailIn = (value: string | undefined) => (value !== undefined && isEmail(value) ? value : undefined);

/** A row of the table; a step that reads no query parameter of its own reads none. */
function row<Path extends AppPath, Search = Record<never, never>>(
  fields: Omit<RouteRow<Path, Search>, 'search'> & { search?: RouteRow<Path, Search>['search'] },
): RouteRow<Path, Search> {
  return { ...fields, search: fields.search ?? (noSearch as () => Search) };
}

export const ROUTE_TABLE = [
  row({
    path: PATHS.login,
    screen: 'Login',
    titleKey: 'title.login',
    texts: ['login'],
    // A stored session is checked once the form takes presses.
    sessionless: true,
    load: () => import('../screens/Login'),
    // `username`: an e-mail sent before the script arrived; `context` or `domain` starts its SAML
    // sign-in (flows 4.2).
    search: ({ username, context, domain }) => ({ username, context, domain }),
  }),
  row({
    path: PATHS.loginWithPassword,
    screen: 'LoginWithPassword',
    titleKey: 'title.login',
    texts: ['login', 'login-password'],
    load: () => import('../screens/LoginWithPassword'),
    search: ({ username }) => ({ username: emailIn(username) }),
  }),
  row({
    path: PATHS.loginWithSsoSuccess,
    screen: 'LoginWithSSOSuccess',
    titleKey: 'title.login',
    texts: ['login-sso-success'],
    load: () => import('../screens/LoginWithSSOSuccess'),
    // The session token the identity provider's sign-in came back with.
    search: ({ lcq }) => ({ lcq }),
  }),
  row({
    path: PATHS.mfaLogin,
    screen: 'MFALogin',
    titleKey: 'title.login',
    texts: ['mfa-login'],
    load: () => import('../screens/MFALogin'),
    search: ({ username }) => ({ username: emailIn(username) }),
  }),
  row({ path: PATHS.logout, screen: 'Logout', titleKey: 'title.logout', texts: ['logout'], load: () => import('../screens/Logout') }),
  row({
    path: PATHS.register,
    screen: 'Register',
    titleKey: 'title.register',
    texts: ['register'],
    load: () => import('../screens/Register'),
    // The e-mail that pre-fills the field, `username` first (flows 2).
    search: ({ username, email }) => ({ email: username || email }),
  }),
  row({
    path: PATHS.registerSuccess,
    screen: 'RegisterSuccess',
    titleKey: 'title.register',
    texts: ['register-success', 'mail-sent', 'password-reset-success'],
    load: () => import('../screens/RegisterSuccess'),
    search: ({ username }) => ({ username }),
  }),
  row({
    path: PATHS.mfaSetup,
    screen: 'MFASetup',
    titleKey: 'title.mfa-setup',
    texts: ['mfa-setup'],
    load: () => import('../screens/MFASetup'),
    guard: 'pending-mfa-setup',
  }),
  row({
    path: PATHS.mfaSetupConfirmation,
    screen: 'MFASetupConfirmation',
    titleKey: 'title.mfa-confirm',
    texts: ['mfa-confirm', 'recovery-codes'],
    load: () => import('../screens/MFASetupConfirmation'),
    guard: 'pending-mfa-setup',
  }),
  row({
    path: PATHS.passwordReset,
    screen: 'PasswordReset',
    titleKey: 'title.password-reset',
    texts: ['password-reset'],
    load: () => import('../screens/PasswordReset'),
    search: ({ username }) => ({ email: username }),
  }),
  row({
    path: PATHS.passwordResetSuccess,
    screen: 'PasswordResetSuccess',
    titleKey: 'title.password-reset',
    texts: ['password-reset-success', 'mail-sent'],
    load: () => import('../screens/PasswordResetSuccess'),
  }),
  row({
    path: PATHS.passwordUpdate,
    screen: 'PasswordUpdate',
    titleKey: 'title.password-reset',
    texts: ['password-update'],
    load: () => import('../screens/PasswordUpdate'),
    // The reset link's token (flows 5: read as a token by the screen).
    search: ({ token }) => ({ token }),
  }),
  row({
    path: PATHS.passwordUpdateSuccess,
    screen: 'PasswordUpdateSuccess',
    titleKey: 'title.password-reset',
    texts: ['password-update-success'],
    load: () => import('../screens/PasswordUpdateSuccess'),
  }),
  row({
    path: PATHS.passwordChange,
    screen: 'PasswordChange',
    titleKey: 'title.password-change',
    texts: ['password-change'],
    load: () => import('../screens/PasswordChange'),
  }),
  row({
    path: PATHS.signup,
    screen: 'Signup',
    titleKey: 'title.signup',
    texts: ['password-update', 'signup'],
    load: () => import('../screens/Signup'),
    // The invitation link's token.
    search: ({ token }) => ({ token }),
  }),
  row({
    path: PATHS.signupSuccess,
    screen: 'SignupSuccess',
    titleKey: 'title.signup',
    texts: ['signup-success'],
    load: () => import('../screens/SignupSuccess'),
  }),
  row({
    path: PATHS.migration,
    screen: 'Migration',
    titleKey: 'title.migration',
    texts: ['migration', 'login'],
    load: () => import('../screens/Migration'),
    search: ({ email, action }) => ({ email: emailIn(email), action: migrationAction(action) }),
  }),
  row({
    path: PATHS.passwordMigrationSuccess,
    screen: 'PasswordMigrationSuccess',
    titleKey: 'title.migration',
    texts: ['migration', 'mail-sent', 'password-reset-success'],
    load: () => import('../screens/PasswordMigrationSuccess'),
  }),
  row({
    path: PATHS.companySelection,
    screen: 'CompanySelection',
    titleKey: 'title.company',
    texts: ['company'],
    load: () => import('../screens/CompanySelection'),
    guard: 'company-choice',
    // A domain that names one of the user's organisations goes straight to its terms (flows 4.7).
    search: ({ domain }) => ({ domain }),
  }),
  row({
    path: PATHS.termsAndConditions,
    screen: 'TermsAndConditions',
    titleKey: 'title.terms',
    texts: ['terms'],
    load: () => import('../screens/TermsAndConditions'),
    guard: 'session',
  }),
  row({
    path: PATHS.recoveryCodes,
    screen: 'RecoveryCodes',
    titleKey: 'title.recovery-codes',
    texts: ['recovery-codes-renewal', 'recovery-codes'],
    load: () => import('../screens/RecoveryCodes'),
    guard: 'session',
  }),
  row({
    path: PATHS.newAuthenticator,
    screen: 'NewAuthenticator',
    titleKey: 'title.new-authenticator',
    texts: ['new-authenticator', 'mfa-setup', 'mfa-confirm', 'recovery-codes'],
    load: () => import('../screens/NewAuthenticator'),
    guard: 'session',
  }),
  row({
    path: PATHS.passkeys,
    screen: 'Passkeys',
    titleKey: 'title.passkeys',
    texts: ['passkeys'],
    load: () => import('../screens/Passkeys'),
    guard: 'session',
  }),
];

/** The query parameters the step at a path reads, as its row gives them. */
export type SearchOf<Path extends AppPath> = ReturnType<Extract<(typeof ROUTE_TABLE)[number], { path: Path }>['search']>;

const PARSERS = Object.fromEntries(ROUTE_TABLE.map((candidate) => [candidate.path, candidate.search])) as {
  [Path in AppPath]: (raw: RawSearch) => SearchOf<Path>;
};

/** The query parameters of the step at a path, read from a page's query by its row. */
export function searchOf<Path extends AppPath>(path: Path, raw: RawSearch): SearchOf<Path> {
  return PARSERS[path](raw);
}

/**
 * Paths the router shows with no first view of their own: the toolkit's gallery, which
 * is not a step of the front door. Their page is an empty shell that starts the router at once.
 */
export const ROUTER_ONLY_PATHS: readonly string[] = ['/ui', '/ui/panel'];

/** Paths that only send the visitor on, with their parameters (flows 2): / to /login, /company/:context to its terms. */
export const ALIASES: readonly { path: string; to: AppPath }[] = [
  { path: '/', to: PATHS.login },
  { path: '/company/$context', to: PATHS.termsAndConditions },
];

/** The row of the route table a path shows, with its parameters. */
export function matchRoute(pathname: string): { row: RouteRow; params: Record<string, string> } | undefined {
  for (const candidate of ROUTE_TABLE) {
    const params = matchPath(candidate.path, pathname);
    if (params) return { row: candidate, params };
  }
  return undefined;
}
