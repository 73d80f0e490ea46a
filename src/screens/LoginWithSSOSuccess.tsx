import { useArrival } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { useSearch } from '../flow/search';
import { establishSession } from '../stores/session';
import { showToast } from '../stores/first-view/toast';
import { confirmSamlSession } from '../api/saml-session';

/**
 * LoginWithSSOSuccess (flows 2): the identity provider's sign-in came back with a session token in
 * `lcq`. It is stored only once the API has confirmed it is a session handed to this browser
 * (confirmSamlSession), and the user goes on to company selection; any other answer ends on Login.
 */
export function LoginWithSSOSuccess() {
  const t = useT();
  const flow = useFlow();
  const { lcq } = useSearch(PATHS.loginWithSsoSuccess);

  // The token is read on arrival.
  useArrival(() => {
    void (async () => {
      if (lcq && (await confirmSamlSession(lcq)) && establishSession(lcq)) {
        // The token leaves the address bar with this step: replace, so Back does not show it again.
        flow.go({ to: PATHS.companySelection, replace: true });
        return;
      }
      showToast(t('page.login-sso-success.failed'), 'error');
      flow.go({ to: PATHS.login, replace: true });
    })();
  });

  return (
    <section className="fd-card" aria-busy="true">
      <h1>{t('page.login-sso-success.heading')}</h1>
      <p className="fd-card__intro">{t('page.login-sso-success.working')}</p>
    </section>
  );
}
