/**
 * The end of a sign-in an app started through the OpenID Provider (flows 4.18): in place of
 * entering a platform app, the session finishes the provider's interaction, and the browser goes
 * back through the provider to the app. A chunk of its own: only such a sign-in loads it.
 */
import { finishOidcSignIn } from '../../api/oidc';
import { t } from '../../i18n/t';
import { showToast } from '../../stores/first-view/toast';
import { $token, beginMfaSetup } from '../../stores/session';
import { showFailure } from '../failure';
import { PATHS } from '../../flow/paths';
import type { Flow } from '../../flow/flow';

/** Answers whether the browser is on its way on (to the app, or to a step that signs in again); a refusal stays here, said. */
export async function finishAppSignIn(flow: Flow, uid: string, context: string, replace?: boolean): Promise<boolean> {
  const result = await finishOidcSignIn(uid, context);
  switch (result.kind) {
    case 'redirect':
      flow.leave(result.to, replace);
      return true;
    case 'sign-in-again': {
      const token = $token.get();
      if (result.secondFactor && token) {
        // A session without a second factor is a password's without TOTP (a code, a passkey or an
        // identity provider would be one): the person sets up an authenticator app on this
        // session, and the sign-in comes back here with it (flows 4.6, 4.18).
        showToast(t('page.oidc.second-factor'), 'error');
        beginMfaSetup({ context, token, policy: 'REQUIRED' });
        await flow.go({ to: PATHS.mfaSetup, replace: true });
        return true;
      }
      showToast(t('page.oidc.sign-in-again'), 'error');
      await flow.go({ to: PATHS.login, search: { prompt: 'login' }, replace: true });
      return true;
    }
    case 'expired':
      showToast(t('page.oidc.expired'), 'error');
      return false;
    case 'failed':
      showFailure('App sign-in', 'finish-oidc-sign-in', result);
      return false;
  }
}
