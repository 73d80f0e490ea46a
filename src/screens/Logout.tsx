import { useArrival } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { ensureDictionary } from '../i18n/locale';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { logout } from '../api/sign-in';
import { $session, endSession } from '../stores/session';
import { forgetRecoveryCodes } from '../stores/recovery-codes';
import { forgetPasswordNotice } from '../stores/password-notice';
import { showToast } from '../stores/first-view/toast';

/**
 * Logout (flows 2): says it is signing out, asks the API to end the token (`GET {aud}/logout`),
 * clears the session cookie, and goes to Login, which says the person was signed out on this device.
 * The cookie goes whatever the API answers.
 * A sign-out ends the sign-in: Login keeps the carried app, route and language, but not the
 * organisation (`context`, `domain`), whose automatic SAML would sign the person straight back in
 * (flows 4.2); typing the e-mail still reaches it.
 */
export function Logout() {
  const t = useT();
  const flow = useFlow();

  useArrival(() => {
    const session = $session.get();
    void (session ? logout(session.aud) : Promise.resolve(true)).finally(() => {
      endSession();
      forgetRecoveryCodes();
      forgetPasswordNotice();
      void flow.go({ to: PATHS.login, replace: true, search: { context: undefined, domain: undefined } });
      // A page that began on another screen may not hold these words yet (src/i18n/locale.ts).
      void ensureDictionary().then(
        () => showToast(t('page.logout.signed-out'), 'info'),
        () => undefined,
      );
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
