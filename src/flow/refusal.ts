/**
 * A screen that needs a session (a guard in the route table, src/router/route-table.ts) goes to
 * Login when the API refuses the session under it (src/api/client.ts ends it), saying the person was
 * signed out on this device. One rule for every
 * such screen, whatever call was refused; a screen without a guard shows its own way on (Logout
 * goes to Login anyway, the framed PasswordChange says it has no session and links to Login).
 */
import { useEffect } from 'react';
import { $refusals } from '../stores/first-view/refusals';
import { PATHS } from './paths';
import { t } from '../i18n/t';
import { showToast } from '../stores/first-view/toast';
import type { Flow } from './flow';

/**
 * The last refusal a flow went to Login for: while the router takes over from the first view both
 * listen, and one refusal must move the page once.
 */
let answered = 0;

export function useLoginOnRefusal(flow: Flow, guarded: boolean): void {
  useEffect(() => {
    if (!guarded) return undefined;
    return $refusals.listen((refusal) => {
      if (refusal === answered) return;
      answered = refusal;
      void flow.go({ to: PATHS.login, replace: true });
      showToast(t('page.logout.signed-out'), 'info');
    });
  }, [flow, guarded]);
}
