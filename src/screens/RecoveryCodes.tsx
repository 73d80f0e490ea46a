import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { showFailure } from '../flow/failure';
import { renewRecoveryCodes } from '../api/mfa';
import { $session } from '../stores/session';
import { homeContext } from '../session/token';
import { CodeStep } from './parts/CodeStep';
import { RecoveryCodesPanel } from './parts/RecoveryCodesPanel';
import { AccountNotice } from './parts/AccountNotice';

type Outcome = { kind: 'renewed'; codes: string[] } | { kind: 'no-totp' };

/**
 * RecoveryCodes (flows 2, 4.6): a signed-in user makes new recovery codes with a current code of the
 * authenticator app. The new codes are shown once, the old ones stop working; Continue goes back to
 * company selection. An account without an authenticator app has no recovery codes: the screen says so.
 */
export function RecoveryCodes() {
  const t = useT();
  const flow = useFlow();
  const session = useStore($session);
  const [outcome, setOutcome] = useState<Outcome>();
  const toCompanySelection = () => flow.go({ to: PATHS.companySelection });

  async function send(challenge: string): Promise<'invalid' | 'done'> {
    // An organisation the session reaches, or the API audience for a user without one (contract, renewRecoveryCodes).
    const context = session && (homeContext(session) ?? session.aud);
    if (!context) return 'done';
    const result = await renewRecoveryCodes(context, challenge);
    if (result.kind === 'invalid-code') return 'invalid';
    if (result.kind === 'renewed') setOutcome({ kind: 'renewed', codes: result.recoveryCodes });
    else if (result.kind === 'totp-required') setOutcome({ kind: 'no-totp' });
    else showFailure('RecoveryCodes', 'renew-recovery-codes', result);
    return 'done';
  }

  if (outcome?.kind === 'renewed') return <RecoveryCodesPanel codes={outcome.codes} account={session?.email ?? ''} onContinue={toCompanySelection} />;

  if (outcome?.kind === 'no-totp') return <AccountNotice heading="page.recovery-codes-renewal.heading" message="page.recovery-codes-renewal.no-totp" />;

  return <CodeStep heading={t('page.recovery-codes-renewal.heading')} intro={t('page.recovery-codes-renewal.intro')} send={send} onBack={toCompanySelection} />;
}
