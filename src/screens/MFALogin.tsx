import { useStore } from '@nanostores/react';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { useSearch } from '../flow/search';
import { afterCode } from '../flow/next-step';
import { takeStep } from '../flow/take-step';
import { login, loginWithCode } from '../api/sign-in';
import { $pendingLogin, forgetPendingLogin } from '../stores/pending-login';
import { CodeStep } from './parts/CodeStep';

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
    return 'done';
  }

  return (
    <CodeStep
      heading={t('page.mfa-login.heading')}
      intro={t('page.mfa-login.intro')}
      recoveryIntro={t('page.mfa-login.intro-recovery')}
      send={send}
      onBack={() => {
        forgetPendingLogin();
        flow.go({ to: PATHS.loginWithPassword, search: { username: pending?.email ?? username } });
      }}
    />
  );
}
