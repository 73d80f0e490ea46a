/**
 * The front door's paths (flows 2, route table). Screens name where they go with these, and
 * `pathTo` fills in the `$context` parameter, so no screen writes a URL by hand.
 */
import { fillPath } from '../../rules/route-pattern';

export const PATHS = {
  login: '/login',
  loginWithPassword: '/login/password',
  loginWithSsoSuccess: '/login/sso/success',
  mfaLogin: '/login/mfa',
  logout: '/logout',
  register: '/register',
  registerSuccess: '/register/success',
  mfaSetup: '/mfa/setup',
  mfaSetupConfirmation: '/mfa/setup/confirm',
  passwordReset: '/reset-password',
  passwordResetSuccess: '/reset-password/success',
  passwordUpdate: '/reset-password/update',
  passwordUpdateSuccess: '/reset-password/update/success',
  passwordChange: '/change-password',
  signup: '/signup',
  signupSuccess: '/signup/success',
  migration: '/migration',
  // Spelled as flows 2 gives it.
  passwordMigrationSuccess: '/migration/password/sucess',
  companySelection: '/company',
  termsAndConditions: '/company/$context/terms',
  passkeys: '/account/passkeys',
  sessions: '/account/sessions',
  recoveryCodes: '/account/recovery-codes',
  newAuthenticator: '/account/authenticator',
  secureAccount: '/secure-account',
  // The toolkit's gallery and its side panel (development only, src/router/route-table.ts).
  gallery: '/ui',
  galleryPanel: '/ui/panel',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

export interface To {
  to: AppPath;
  params?: { context?: string };
  /** The step's own query parameters; the carried ones (flows 2) go on by themselves. */
  search?: Record<string, string | undefined>;
  /** Replace the current history entry (redirects), instead of adding one (steps). */
  replace?: boolean;
}

/** The path of a destination, its `$context` filled in and encoded. */
export function pathTo(to: Pick<To, 'to' | 'params'>): string {
  return fillPath(to.to, to.params ?? {});
}
