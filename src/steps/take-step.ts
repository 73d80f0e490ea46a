/**
 * Takes a step that leaves the screen (src/steps/next-step.ts): what each one keeps or clears, and
 * where it goes. The one place where the stores and the flow follow a step's answer.
 */
import { PATHS } from '../flow/paths';
import { enterApp } from './enter-app';
import { showFailure } from './failure';
import { reportError } from '../api/report';
import { t } from '../i18n/t';
import { showToast } from '../stores/first-view/toast';
import { beginMfaSetup, establishSession } from '../stores/session';
import { hasSkippedMfa } from '../session/cookies';
import { parseSessionToken, shortcutContext, type SessionToken } from '../session/token';
import { awaitCode, forgetPendingLogin } from '../stores/pending-login';
import { showRecoveryCodes } from '../stores/recovery-codes';
import { notePassword, passwordNoticeDue } from '../stores/password-notice';
import type { Flow } from '../flow/flow';
import type { Move } from './next-step';

/**
 * `screen`: the screen taking the step, as the route table names it, for error reports. Answers
 * once the step it goes to is shown (src/flow/flow.ts), where it goes to one.
 */
export function takeStep(flow: Flow, screen: string, move: Move): Promise<void> | void {
  switch (move.kind) {
    case 'signed-in': {
      forgetPendingLogin();
      const session = establishSession(move.token);
      notePassword(move.passwordCompromised);
      // A recovery code stood in for the lost authenticator: the way to a new one comes first (flows 4.6).
      if (move.recoveryCodesLeft !== undefined) return flow.go({ to: PATHS.newAuthenticator });
      // A password known to attackers is said before anything else, by company selection (flows 4.17).
      if (passwordNoticeDue()) return flow.go({ to: PATHS.companySelection, replace: move.replace });
      return intoOrganization(flow, session, move);
    }
    case 'recovery-codes':
      forgetPendingLogin();
      establishSession(move.token);
      showRecoveryCodes(move.codes);
      return;
    case 'mfa-setup':
      // After the setup, or its Skip, company selection's guard shows the notice (flows 4.17).
      notePassword(move.passwordCompromised);
      // Who chose Skip today is not asked again (flows 4.4): on as after a code, MFA setup never loaded.
      if (move.policy === 'OPTIONAL' && skippedMfaSetup(move.token))
        return takeStep(flow, screen, {
          kind: 'signed-in',
          token: move.token,
          termsAccepted: move.termsAccepted,
          passwordCompromised: move.passwordCompromised,
        });
      beginMfaSetup(move);
      return flow.go({ to: PATHS.mfaSetup });
    case 'code':
      awaitCode(move.credentials.email, move.credentials.password);
      return flow.go({ to: PATHS.mfaLogin, search: { username: move.credentials.email } });
    case 'password':
      forgetPendingLogin();
      if (move.expired) showToast(t('error.sign-in-expired'), 'error');
      return flow.go({ to: move.email ? PATHS.loginWithPassword : PATHS.login, search: { username: move.email }, replace: true });
    case 'logout':
      return flow.go({ to: PATHS.logout, replace: true });
    case 'login':
      void reportError({ screen, ...move.failed });
      return flow.go({ to: PATHS.login, replace: true });
    case 'app':
      enterApp(flow, move.context);
      return;
    case 'failure':
      showFailure(screen, move.operation, move.result);
  }
}

/** Did the user of this token choose Skip on MFA setup today, in this browser (flows 4.4, 9)? */
function skippedMfaSetup(token: string): boolean {
  const userId = parseSessionToken(token)?.userId;
  return userId !== undefined && hasSkippedMfa(userId);
}

/**
 * After a complete sign-in (flows 4.7 to 4.9): the organisation it enters without a choice (the only
 * one, or the one `domain` names) whose current terms the answer says are accepted is entered at
 * once, with no screen, chunk or call between; anything else is company selection's to decide.
 */
function intoOrganization(
  flow: Flow,
  session: SessionToken | undefined,
  { termsAccepted, replace }: Extract<Move, { kind: 'signed-in' }>,
): Promise<void> | void {
  const context = session && shortcutContext(session.contexts, flow.search.domain);
  if (context && termsAccepted?.includes(context)) return enterApp(flow, context, replace);
  return flow.go({ to: PATHS.companySelection, replace });
}
