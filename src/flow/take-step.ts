/**
 * Takes a step that leaves the screen (src/flow/next-step.ts): what each one keeps or clears, and
 * where it goes. The one place where the stores and the flow follow a step's answer.
 */
import { PATHS } from './paths';
import { enterApp } from './enter-app';
import { showFailure } from './failure';
import { reportError } from '../api/report';
import { t } from '../i18n/t';
import { showToast } from '../stores/first-view/toast';
import { beginMfaSetup, establishSession } from '../stores/session';
import { awaitCode, forgetPendingLogin } from '../stores/pending-login';
import { showRecoveryCodes } from '../stores/recovery-codes';
import type { Flow } from './flow';
import type { Move } from './next-step';

/**
 * `screen`: the screen taking the step, as the route table names it, for error reports. Answers
 * once the step it goes to is shown (src/flow/flow.ts), where it goes to one.
 */
export function takeStep(flow: Flow, screen: string, move: Move): Promise<void> | void {
  switch (move.kind) {
    case 'signed-in':
      forgetPendingLogin();
      establishSession(move.token);
      // A recovery code stood in for the lost authenticator: the way to a new one comes first (flows 4.6).
      return flow.go({ to: move.recoveryCodesLeft === undefined ? PATHS.companySelection : PATHS.newAuthenticator });
    case 'recovery-codes':
      forgetPendingLogin();
      establishSession(move.token);
      showRecoveryCodes(move.codes);
      return;
    case 'mfa-setup':
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
