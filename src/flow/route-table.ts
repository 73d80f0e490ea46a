/**
 * The route table of flows 2 as data: path, screen, page title, the text groups the screen shows,
 * who may see it, and its lazy module. The router is built from it (src/routes.tsx), and so is a
 * page's first view (src/boot.tsx), which renders its screen before the router has arrived.
 */
import type { ComponentType } from 'react';
import { PATHS, type AppPath } from './paths';
import { matchPath } from '../../rules/route-pattern';

/** Checks before a screen (src/flow/guards.ts). */
export type Guard = 'session' | 'pending-mfa-setup' | 'company-choice';

/**
 * The two families of screens. A page carries the texts of its family's screens; a move to the
 * other family loads the language's whole dictionary first.
 */
export type Family = 'sign-in' | 'account';

export interface RouteRow {
  path: AppPath;
  /** The screen's name: its module's file and export (flows 2). */
  screen: string;
  /** The page title's text (flows 2: titles come from route metadata). */
  titleKey: string;
  family: Family;
  /** The groups of `page.*` texts the screen shows. */
  texts: readonly string[];
  guard?: Guard;
  load(): Promise<Record<string, ComponentType>>;
}

/** Text groups every screen may show: names, titles, buttons, fields, errors, times. */
export const COMMON_TEXTS = ['app', 'title', 'button', 'field', 'error', 'time'] as const;

const rowOf =
  (family: Family) =>
  (path: AppPath, screen: string, titleKey: string, texts: readonly string[], load: RouteRow['load'], guard?: Guard): RouteRow => ({
    path,
    screen,
    titleKey,
    family,
    texts,
    load,
    ...(guard ? { guard } : {}),
  });
const signIn = rowOf('sign-in');
const account = rowOf('account');

export const ROUTE_TABLE: readonly RouteRow[] = [
  signIn(PATHS.login, 'Login', 'title.login', ['login'], () => import('../screens/Login')),
  signIn(PATHS.loginWithPassword, 'LoginWithPassword', 'title.login', ['login', 'login-password'], () => import('../screens/LoginWithPassword')),
  signIn(PATHS.loginWithSsoSuccess, 'LoginWithSSOSuccess', 'title.login', ['login-sso-success'], () => import('../screens/LoginWithSSOSuccess')),
  signIn(PATHS.mfaLogin, 'MFALogin', 'title.login', ['mfa-login'], () => import('../screens/MFALogin')),
  signIn(PATHS.logout, 'Logout', 'title.logout', ['logout'], () => import('../screens/Logout')),
  account(PATHS.register, 'Register', 'title.register', ['register'], () => import('../screens/Register')),
  account(PATHS.registerSuccess, 'RegisterSuccess', 'title.register', ['register-success', 'mail-sent', 'password-reset-success'], () => import('../screens/RegisterSuccess')),
  signIn(PATHS.mfaSetup, 'MFASetup', 'title.mfa-setup', ['mfa-setup'], () => import('../screens/MFASetup'), 'pending-mfa-setup'),
  signIn(PATHS.mfaSetupConfirmation, 'MFASetupConfirmation', 'title.mfa-confirm', ['mfa-confirm'], () => import('../screens/MFASetupConfirmation'), 'pending-mfa-setup'),
  account(PATHS.passwordReset, 'PasswordReset', 'title.password-reset', ['password-reset'], () => import('../screens/PasswordReset')),
  account(PATHS.passwordResetSuccess, 'PasswordResetSuccess', 'title.password-reset', ['password-reset-success', 'mail-sent'], () => import('../screens/PasswordResetSuccess')),
  account(PATHS.passwordUpdate, 'PasswordUpdate', 'title.password-reset', ['password-update'], () => import('../screens/PasswordUpdate')),
  account(PATHS.passwordUpdateSuccess, 'PasswordUpdateSuccess', 'title.password-reset', ['password-update-success'], () => import('../screens/PasswordUpdateSuccess')),
  account(PATHS.passwordChange, 'PasswordChange', 'title.password-change', ['password-change'], () => import('../screens/PasswordChange')),
  account(PATHS.signup, 'Signup', 'title.signup', ['password-update', 'signup'], () => import('../screens/Signup')),
  account(PATHS.signupSuccess, 'SignupSuccess', 'title.signup', ['signup-success'], () => import('../screens/SignupSuccess')),
  account(PATHS.migration, 'Migration', 'title.migration', ['migration', 'login'], () => import('../screens/Migration')),
  account(PATHS.passwordMigrationSuccess, 'PasswordMigrationSuccess', 'title.migration', ['migration', 'mail-sent', 'password-reset-success'], () => import('../screens/PasswordMigrationSuccess')),
  signIn(PATHS.companySelection, 'CompanySelection', 'title.company', ['company'], () => import('../screens/CompanySelection'), 'company-choice'),
  signIn(PATHS.termsAndConditions, 'TermsAndConditions', 'title.terms', ['terms'], () => import('../screens/TermsAndConditions'), 'session'),
];

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
