/**
 * A screen that needs a session (a guard in the route table, src/router/route-table.ts) goes
 * through Logout to Login when the API refuses the session under it (src/api/client.ts ends it):
 * Logout forgets what the session left in this tab and says the person was signed out on this
 * device. One rule for every such screen, whatever call was refused; a screen without a guard shows
 * its own way on (Logout goes to Login anyway, the framed PasswordChange says it has no session and
 * links to Login).
 */
import { useEffect } from 'react';
import { $refusals } from '../stores/first-view/refusals';
import { PATHS } from './paths';
import type { Flow } from './flow';

/**
 * The last refusal a flow went to Logout for: while the router takes over from the first view both
 * listen, and one refusal must move the page once.
 */
let answered = 0;

export function useLoginOnRefusal(flow: Flow, guarded: boolean): void {
  useEffect(() => {
    if (!guarded) return undefined;
    return $refusals.listen((refusal) => {
      if (refusal === answered) return;
      answered = refusal;
      flow.go({ to: PATHS.logout, replace: true });
    });
  }, [flow, guarded]);
}
