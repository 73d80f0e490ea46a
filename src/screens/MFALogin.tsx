import { useStore } from '@nanostores/react';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { showFailure } from '../flow/failure';
import { login, loginWithCode } from '../api/sign-in';
import { establishSession } from '../stores/session';
import { $pendingLogin, forgetPendingLogin } from '../stores/pending-login';
import { showToast } from '../stores/toast';
import { CodeStep } from './parts/CodeStep';

/**
 * MFALogin (flows 2, 4.5): the code of a user with TOTP, resent with the e-mail and password as
 * `challenge`; after a reload, with no password in memory, sent alone to complete the sign-in the
 * server keeps pending. On success the session cookie is set and the user goes to company selection.
 */
export function MFALogin() {
  const t = useT();
  const flow = useFlow();
  const pending = useStore($pendingLogin);
  const username = flow.search.username;

  async function send(challenge: string): Promise<'invalid' | 'done'> {
    const result = pending ? await login({ ...pending, challenge }) : await loginWithCode(challenge);
    switch (result.kind) {
      case 'signed-in':
        forgetPendingLogin();
        establishSession(result.token);
        flow.go({ to: PATHS.companySelection });
        return 'done';
      case 'invalid-code':
      case 'mfa-required':
        return 'invalid';
      case 'invalid-credentials':
        // The password changed meanwhile: back to it.
        forgetPendingLogin();
        flow.go({ to: PATHS.loginWithPassword, search: { username: pending?.email ?? username }, replace: true });
        return 'done';
      case 'sign-in-expired':
        showToast(t('page.mfa-login.error-sign-in-expired'), 'error');
        flow.go({ to: username ? PATHS.loginWithPassword : PATHS.login, search: { username }, replace: true });
        return 'done';
      default:
        showFailure('MFALogin', 'login', result);
        return 'done';
    }
  }

  return (
    <CodeStep
      heading={t('page.mfa-login.heading')}
      intro={t('page.mfa-login.intro')}
      send={send}
      onBack={() => {
        forgetPendingLogin();
        flow.go({ to: PATHS.loginWithPassword, search: { username: pending?.email ?? username } });
      }}
    />
  );
}
