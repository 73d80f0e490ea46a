/**
 * The route tree (spec section 2): every path of the route table, eager route definitions with the
 * title in route metadata, screens as lazy chunks so /login loads only what it shows.
 */
import { createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { RootLayout } from './screens/RootLayout';
import { NotFound } from './screens/NotFound';
import { ErrorScreen } from './screens/ErrorScreen';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Translation key of the page title (spec section 2: titles come from route metadata). */
    titleKey?: string;
  }
  interface Register {
    router: typeof router;
  }
}

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFound });

const index = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});

const login = createRoute({ getParentRoute: () => rootRoute, path: '/login', staticData: { titleKey: 'title.login' } }).lazy(
  () => import('./screens/Login').then((m) => m.Route),
);
const loginWithPassword = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login/password',
  staticData: { titleKey: 'title.login' },
  validateSearch: (search: Record<string, unknown>): { username?: string } =>
    typeof search.username === 'string' ? { username: search.username } : {},
}).lazy(
  () => import('./screens/LoginWithPassword').then((m) => m.Route),
);
const loginWithSsoSuccess = createRoute({ getParentRoute: () => rootRoute, path: '/login/sso/success', staticData: { titleKey: 'title.login' } }).lazy(
  () => import('./screens/LoginWithSSOSuccess').then((m) => m.Route),
);
const mfaLogin = createRoute({ getParentRoute: () => rootRoute, path: '/login/mfa', staticData: { titleKey: 'title.login' } }).lazy(
  () => import('./screens/MFALogin').then((m) => m.Route),
);
const logout = createRoute({ getParentRoute: () => rootRoute, path: '/logout', staticData: { titleKey: 'title.logout' } }).lazy(
  () => import('./screens/Logout').then((m) => m.Route),
);
const register = createRoute({ getParentRoute: () => rootRoute, path: '/register', staticData: { titleKey: 'title.register' } }).lazy(
  () => import('./screens/Register').then((m) => m.Route),
);
const registerSuccess = createRoute({ getParentRoute: () => rootRoute, path: '/register/success', staticData: { titleKey: 'title.register' } }).lazy(
  () => import('./screens/RegisterSuccess').then((m) => m.Route),
);
const mfaSetup = createRoute({ getParentRoute: () => rootRoute, path: '/mfa/setup', staticData: { titleKey: 'title.mfa-setup' } }).lazy(
  () => import('./screens/MFASetup').then((m) => m.Route),
);
const mfaSetupConfirmation = createRoute({ getParentRoute: () => rootRoute, path: '/mfa/setup/confirm', staticData: { titleKey: 'title.mfa-confirm' } }).lazy(
  () => import('./screens/MFASetupConfirmation').then((m) => m.Route),
);
const passwordReset = createRoute({ getParentRoute: () => rootRoute, path: '/reset-password', staticData: { titleKey: 'title.password-reset' } }).lazy(
  () => import('./screens/PasswordReset').then((m) => m.Route),
);
const passwordResetSuccess = createRoute({ getParentRoute: () => rootRoute, path: '/reset-password/success', staticData: { titleKey: 'title.password-reset' } }).lazy(
  () => import('./screens/PasswordResetSuccess').then((m) => m.Route),
);
const passwordUpdate = createRoute({ getParentRoute: () => rootRoute, path: '/reset-password/update', staticData: { titleKey: 'title.password-reset' } }).lazy(
  () => import('./screens/PasswordUpdate').then((m) => m.Route),
);
const passwordUpdateSuccess = createRoute({ getParentRoute: () => rootRoute, path: '/reset-password/update/success', staticData: { titleKey: 'title.password-reset' } }).lazy(
  () => import('./screens/PasswordUpdateSuccess').then((m) => m.Route),
);
const passwordChange = createRoute({ getParentRoute: () => rootRoute, path: '/change-password', staticData: { titleKey: 'title.password-change' } }).lazy(
  () => import('./screens/PasswordChange').then((m) => m.Route),
);
const signup = createRoute({ getParentRoute: () => rootRoute, path: '/signup', staticData: { titleKey: 'title.signup' } }).lazy(
  () => import('./screens/Signup').then((m) => m.Route),
);
const signupSuccess = createRoute({ getParentRoute: () => rootRoute, path: '/signup/success', staticData: { titleKey: 'title.signup' } }).lazy(
  () => import('./screens/SignupSuccess').then((m) => m.Route),
);
const migration = createRoute({ getParentRoute: () => rootRoute, path: '/migration', staticData: { titleKey: 'title.migration' } }).lazy(
  () => import('./screens/Migration').then((m) => m.Route),
);
// The path is spelled as the specification gives it (spec section 2).
const passwordMigrationSuccess = createRoute({ getParentRoute: () => rootRoute, path: '/migration/password/sucess', staticData: { titleKey: 'title.migration' } }).lazy(
  () => import('./screens/PasswordMigrationSuccess').then((m) => m.Route),
);
const companySelection = createRoute({ getParentRoute: () => rootRoute, path: '/company', staticData: { titleKey: 'title.company' } }).lazy(
  () => import('./screens/CompanySelection').then((m) => m.Route),
);
const termsAndConditions = createRoute({ getParentRoute: () => rootRoute, path: '/company/$context/terms', staticData: { titleKey: 'title.terms' } }).lazy(
  () => import('./screens/TermsAndConditions').then((m) => m.Route),
);
// /company/:context is an alias of the terms page (spec section 2).
const termsAlias = createRoute({
  getParentRoute: () => rootRoute,
  path: '/company/$context',
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: '/company/$context/terms', params, search, replace: true });
  },
});

export const routeTree = rootRoute.addChildren([
  index,
  login,
  loginWithPassword,
  loginWithSsoSuccess,
  mfaLogin,
  logout,
  register,
  registerSuccess,
  mfaSetup,
  mfaSetupConfirmation,
  passwordReset,
  passwordResetSuccess,
  passwordUpdate,
  passwordUpdateSuccess,
  passwordChange,
  signup,
  signupSuccess,
  migration,
  passwordMigrationSuccess,
  companySelection,
  termsAndConditions,
  termsAlias,
]);

export function createAppRouter() {
  return createRouter({ routeTree, defaultErrorComponent: ErrorScreen, defaultPreload: 'intent' });
}

export const router = createAppRouter();
