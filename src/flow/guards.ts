/**
 * Who may see a step (flows 4): pure checks of the stores that answer where to go instead. The
 * router runs them before a screen loads (src/router/show-screen.tsx), a page's first view too.
 * The route table names them by their keys here.
 */
import { $context, $policy, $session, $token } from '../stores/session';
import { isExpired, shortcutContext } from '../session/token';
import { PATHS, type To } from './paths';
import { passwordNoticeDue } from '../stores/password-notice';

/** Company selection and terms need a valid session (flows 4.7: no valid user goes to Login). */
export function needsSession(now: number = Date.now()): To | undefined {
  const session = $session.get();
  return session && !isExpired(session, now) ? undefined : { to: PATHS.login, replace: true };
}

/** MFA setup and its confirmation need the context, token and policy of a password sign-in (flows 4.4). */
export function needsPendingMfaSetup(): To | undefined {
  return $context.get() && $token.get() && $policy.get() ? undefined : { to: PATHS.login, replace: true };
}

/**
 * Company selection asks only when there is a choice (flows 4.7): the organisation the domain
 * parameter names, or the only one, goes straight to its terms, before the screen is loaded.
 */
export function companyChoice(search: Readonly<Record<string, unknown>>): To | undefined {
  const denied = needsSession();
  if (denied) return denied;
  // A password known to attackers is said first, by company selection itself (flows 4.17).
  if (passwordNoticeDue()) return undefined;
  const domain = typeof search.domain === 'string' ? search.domain : undefined;
  const context = shortcutContext($session.get()?.contexts ?? [], domain);
  return context ? { to: PATHS.termsAndConditions, params: { context }, replace: true } : undefined;
}

/** A check on the page's query: where to go instead, or nothing to let the visitor in. */
type GuardCheck = (search: Readonly<Record<string, unknown>>) => To | undefined;

/** Every guard, by the name the route table gives it. */
export const GUARDS = {
  session: () => needsSession(),
  'pending-mfa-setup': () => needsPendingMfaSetup(),
  'company-choice': companyChoice,
} satisfies Record<string, GuardCheck>;

export type GuardName = keyof typeof GUARDS;
