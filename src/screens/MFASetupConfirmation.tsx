import { useArrival } from '@frontdoor/ui';
import { useStore } from '@nanostores/react';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { afterMfaConfirmation } from '../flow/next-step';
import { takeStep } from '../flow/take-step';
import { confirmMfa } from '../api/mfa';
import { $context, $secret, $session, $token } from '../stores/session';
import { $recoveryCodes, forgetRecoveryCodes } from '../stores/recovery-codes';
import { secretOf } from '../platform/qr';
import { CodeStep } from './parts/CodeStep';
import { RecoveryCodesPanel } from './parts/RecoveryCodesPanel';

/**
 * MFASetupConfirmation (flows 2, 4.6): a code from the authenticator app confirms the secret of
 * the setup URI. On success the session cookie is set, the recovery codes are shown once, and the
 * user goes on to company selection once they are saved.
 */
export function MFASetupConfirmation() {
  const t = useT();
  const flow = useFlow();
  const context = useStore($context);
  const secretUri = useStore($secret);
  const session = useStore($session);
  const recoveryCodes = useStore($recoveryCodes);
  const mfaSecret = secretUri ? secretOf(secretUri) : undefined;

  // No secret offered yet: the setup step makes one. On arrival only: a confirmed setup clears the
  // secret on its way out, and must not come back here.
  useArrival(() => {
    if (!mfaSecret) flow.go({ to: PATHS.mfaSetup, replace: true });
  });

  async function send(challenge: string): Promise<'invalid' | 'done'> {
    if (!context || !mfaSecret) return 'done';
    const step = afterMfaConfirmation(await confirmMfa(context, { mfaSecret, challenge }), $token.get());
    if (step.kind === 'wrong-code') return 'invalid';
    takeStep(flow, 'MFASetupConfirmation', step);
    return 'done';
  }

  if (recoveryCodes) {
    return (
      <RecoveryCodesPanel
        codes={recoveryCodes}
        account={session?.email ?? ''}
        onContinue={() => {
          forgetRecoveryCodes();
          flow.go({ to: PATHS.companySelection });
        }}
      />
    );
  }

  return <CodeStep heading={t('page.mfa-confirm.heading')} intro={t('page.mfa-confirm.intro')} send={send} onBack={() => flow.go({ to: PATHS.mfaSetup })} />;
}
