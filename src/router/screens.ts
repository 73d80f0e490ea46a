/**
 * Every screen's chunk, by the screen's name: its module's file and export (flows 2). The route
 * table names a row's screen (src/router/route-table.ts); a page's first view loads its own by the
 * name its page carries (src/router/start.tsx), without the table.
 */
import type { ComponentType } from 'react';

export const SCREENS = {
  Login: () => import('../screens/Login'),
  LoginWithPassword: () => import('../screens/LoginWithPassword'),
  LoginWithSSOSuccess: () => import('../screens/LoginWithSSOSuccess'),
  MFALogin: () => import('../screens/MFALogin'),
  Logout: () => import('../screens/Logout'),
  Register: () => import('../screens/Register'),
  RegisterSuccess: () => import('../screens/RegisterSuccess'),
  MFASetup: () => import('../screens/MFASetup'),
  MFASetupConfirmation: () => import('../screens/MFASetupConfirmation'),
  PasswordReset: () => import('../screens/PasswordReset'),
  PasswordResetSuccess: () => import('../screens/PasswordResetSuccess'),
  PasswordUpdate: () => import('../screens/PasswordUpdate'),
  PasswordUpdateSuccess: () => import('../screens/PasswordUpdateSuccess'),
  PasswordChange: () => import('../screens/PasswordChange'),
  Signup: () => import('../screens/Signup'),
  SignupSuccess: () => import('../screens/SignupSuccess'),
  Migration: () => import('../screens/Migration'),
  PasswordMigrationSuccess: () => import('../screens/PasswordMigrationSuccess'),
  CompanySelection: () => import('../screens/CompanySelection'),
  TermsAndConditions: () => import('../screens/TermsAndConditions'),
  RecoveryCodes: () => import('../screens/RecoveryCodes'),
  NewAuthenticator: () => import('../screens/NewAuthenticator'),
  Passkeys: () => import('../screens/Passkeys'),
  Sessions: () => import('../screens/Sessions'),
  SecureAccount: () => import('../screens/SecureAccount'),
  // The toolkit's gallery (development only): its texts are no sign-in page's, and come with it.
  Gallery: () => import('../gallery/gallery-entry').then((gallery) => gallery.loadGallery()),
  NotFound: () => import('../screens/NotFound'),
} satisfies Record<string, () => Promise<Record<string, unknown>>>;

export type ScreenName = keyof typeof SCREENS;

/** The screen's component, from its chunk. */
export async function loadScreen(name: ScreenName): Promise<ComponentType> {
  // A screen's module may export more than its screen (Login's taking of a held press).
  const module: Record<string, unknown> = await SCREENS[name]();
  const screen = module[name];
  if (typeof screen !== 'function') throw new Error(`The chunk of ${name} exports no ${name}.`);
  return screen as ComponentType;
}
