import { useArrival } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { useSearch } from '../flow/search';
import { takeStep } from '../steps/take-step';
import { parseSessionToken } from '../session/token';
import { showToast } from '../stores/first-view/toast';
import { confirmSamlSession } from '../api/saml-session';

/**
 * LoginWithSSOSuccess (flows 2): the identity provider's sign-in came back with a session token in
 * `lcq`. It is stored only once the API has confirmed it is a session handed to this browser
 * (confirmSamlSession), and the sign-in goes on as after a password and code, straight into the app
 * when the answer says the terms are accepted (flows 4.7, 4.8); any other answer ends on Login. A
 * person the identity provider vouched for whom the organisation does not let in (`refused`, see
 * docs/federation.md) is told why, on Login.
 */
export function LoginWithSSOSuccess() {
  const t = useT();
  const flow = useFlow();
  const { lcq, refused } = useSearch(PATHS.loginWithSsoSuccess);

  /**
   * Login, saying why there is no session. Without the carried `domain` and `context`, which would
   * send the browser straight back to the identity provider (flows 4.2) before the words are read.
   */
  const backToLogin = (why: 'not-invited' | 'account-disabled' | 'failed') => {
    showToast(t(`page.login-sso-success.${why}`), 'error');
    flow.go({ to: PATHS.login, replace: true, search: { context: undefined, domain: undefined } });
  };

  // The token is read on arrival.
  useArrival(() => {
    void (async () => {
      // Whatever else `refused` says is no session either: the general words.
      if (refused !== undefined) return backToLogin(refused === 'not-invited' || refused === 'account-disabled' ? refused : 'failed');
      const confirmed = lcq ? await confirmSamlSession(lcq) : undefined;
      if (lcq && confirmed?.kind === 'confirmed' && parseSessionToken(lcq)) {
        // On as after a password and code; the token leaves the address bar with this step.
        takeStep(flow, 'LoginWithSSOSuccess', { kind: 'signed-in', token: lcq, termsAccepted: confirmed.termsAccepted, replace: true });
        return;
      }
      backToLogin('failed');
    })();
  });

  return (
    <section className="fd-card" aria-busy="true">
      <h1>{t('page.login-sso-success.heading')}</h1>
      <p className="fd-card__intro">{t('page.login-sso-success.working')}</p>
    </section>
  );
}
