import { useStore } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { useSearch } from '../flow/search';
import { afterCode } from '../steps/next-step';
import { takeStep } from '../steps/take-step';
import { login, loginWithCode } from '../api/sign-in';
import { $pendingLogin, forgetPendingLogin } from '../stores/pending-login';
import { showToast } from '../stores/first-view/toast';
import { CodeStep } from './parts/CodeStep';

/** At this many recovery codes left, or fewer, the app warns (flows 4.5). */
const RECOVERY_CODES_LOW = 2;

/**
 * MFALogin (flows 2, 4.5): the code of a user with TOTP, resent with the e-mail and password as
 * `challenge`; after a reload, with no password in memory, sent alone to complete the sign-in the
 * server keeps pending. A recovery code may stand in for the code ("Use a recovery code"). On success
 * the session cookie is set and the user goes to company selection.
 */
export function MFALogin() {
  const t = useT();
  const flow = useFlow();
  const pending = useStore($pendingLogin);
  const { username } = useSearch(PATHS.mfaLogin);

  async function send(challenge: string): Promise<'invalid' | 'done'> {
    const result = pending ? await login({ ...pending, challenge }) : await loginWithCode(challenge);
    const step = afterCode(result, pending?.email ?? username);
    if (step.kind === 'wrong-code') return 'invalid';
    takeStep(flow, 'MFALogin', step);
    // How many recovery codes are left after one was used, shown on the next screen.
    const left = step.kind === 'signed-in' ? step.recoveryCodesLeft : undefined;
    if (left !== undefined)
      showToast(t(left <= RECOVERY_CODES_LOW ? 'page.mfa-login.recovery-codes-low' : 'page.mfa-login.recovery-codes-left', { count: left }));
    return 'done';
  }

  return (
    <CodeStep
      heading={t('page.mfa-login.heading')}
      intro={t('page.mfa-login.intro')}
      recovery={{
        intro: t('page.mfa-login.intro-recovery'),
        label: t('page.mfa-login.recovery-code-label'),
        hint: t('page.mfa-login.recovery-code-hint'),
        useRecoveryCode: t('page.mfa-login.use-recovery-code'),
        useAppCode: t('page.mfa-login.use-app-code'),
      }}
      send={send}
      onBack={() => {
        forgetPendingLogin();
        flow.go({ to: PATHS.loginWithPassword, search: { username: pending?.email ?? username } });
      }}
    />
  );
}
