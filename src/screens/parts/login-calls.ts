/**
 * What Login asks the API (flows 4.1, 4.2, 4.14), a chunk of its own: the first view of /login
 * takes presses before the API client has arrived, and a press that comes earlier waits for it
 * (docs/decisions/0014-a-page-carries-its-screen.md).
 */
import type { Flow } from '../../flow/flow';
import { PATHS } from '../../flow/paths';
import { showFailure } from '../../flow/failure';
import { emailDomain, goToIdentityProvider } from '../../flow/saml';
import { allowsSaml, ssoModeByContext, ssoModeByEmail } from '../../api/sign-in';
import { reportError } from '../../api/report';
import { clearToast } from '../../stores/toast';
import { $storedSession } from '../../stores/session';
import { isExpired } from '../../session/token';
import { sessionAtHand } from '../../first-view/session-at-hand';

export { goToIdentityProvider };
export { passkeySignInOptions } from '../../api/passkey-sign-in';

/** Does the organisation of a context or domain sign in with SAML? A failed check answers no (flows 4.2). */
export async function signsInWithSaml(context: string): Promise<boolean> {
  const result = await ssoModeByContext(context);
  return result.kind === 'mode' && allowsSaml(result.mode);
}

/**
 * The e-mail's organisation decides (flows 4.1): its identity provider, or the password step.
 * `leaving` tells the screen it is on the way to the identity provider, and when that failed.
 */
export async function lookUp(flow: Flow, username: string, leaving: (on: boolean) => void): Promise<void> {
  clearToast();
  const result = await ssoModeByEmail(username);
  if (result.kind === 'mode') {
    if (allowsSaml(result.mode)) {
      leaving(true);
      if (!(await goToIdentityProvider(flow, 'Login', emailDomain(username), username))) leaving(false);
      return;
    }
    await flow.go({ to: PATHS.loginWithPassword, search: { username } });
    return;
  }
  if (result.kind === 'unknown-mode') {
    // Any mode but the three known ones is an error (flows 4.1).
    console.error(new Error(`Unknown SSO mode "${result.mode}".`));
    void reportError({ screen: 'Login', operation: 'sso-mode' });
  }
  showFailure('Login', 'sso-mode', result);
}

/** Is a session stored in this browser, and still valid? Read once the session's stores have arrived. */
export async function hasValidStoredSession(): Promise<boolean> {
  await sessionAtHand();
  const stored = $storedSession.get();
  return stored !== undefined && !isExpired(stored);
}
