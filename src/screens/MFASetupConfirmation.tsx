import { useArrival, useStore } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { afterMfaConfirmation } from '../steps/next-step';
import { takeStep } from '../steps/take-step';
import { confirmMfa } from '../api/mfa';
import { $context, $secret, $token } from '../stores/session';
import { secretOf } from '../platform/qr';
import { CodeStep } from './parts/CodeStep';

/**
 * MFASetupConfirmation (flows 2, 4.6): a code from the authenticator app confirms the secret of
 * the setup URI. On success the session cookie is set, and the recovery codes are shown once on the
 * recovery codes screen, whose page a reload comes back to (this one's needs the setup's storage,
 * cleared by then), and which goes on to company selection once they are saved.
 */
export function MFASetupConfirmation() {
  const t = useT();
  const flow = useFlow();
  const context = useStore($context);
  const secretUri = useStore($secret);
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
    await takeStep(flow, 'MFASetupConfirmation', step);
    if (step.kind === 'recovery-codes') await flow.go({ to: PATHS.recoveryCodes, replace: true });
    return 'done';
  }

  return <CodeStep heading={t('page.mfa-confirm.heading')} intro={t('page.mfa-confirm.intro')} send={send} onBack={() => flow.go({ to: PATHS.mfaSetup })} />;
}
