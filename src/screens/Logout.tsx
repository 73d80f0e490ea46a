import { useArrival } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { logout } from '../api/sign-in';
import { $session, endSession } from '../stores/session';

/**
 * Logout (flows 2): says it is signing out, asks the API to end the token (`GET {aud}/logout`),
 * clears the session cookie, and goes to Login. The cookie goes whatever the API answers.
 */
export function Logout() {
  const t = useT();
  const flow = useFlow();

  useArrival(() => {
    const session = $session.get();
    void (session ? logout(session.aud) : Promise.resolve(true)).finally(() => {
      endSession();
      flow.go({ to: PATHS.login, replace: true });
    });
  });

  return (
    <section className="fd-card" aria-busy="true">
      <h1>{t('page.logout.heading')}</h1>
      <p className="fd-card__intro" role="status">
        {t('page.logout.working')}
      </p>
    </section>
  );
}
