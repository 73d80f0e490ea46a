import { useEffect, useState } from 'react';
import { useArrival, useStore } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { showFailure } from '../steps/failure';
import { renewRecoveryCodes } from '../api/mfa';
import { $session } from '../stores/session';
import { $recoveryCodes, forgetRecoveryCodes, hideRecoveryCodes, recoveryCodesLost, recoveryCodesSaved, showRecoveryCodes } from '../stores/recovery-codes';
import { homeContext } from '../session/token';
import { CodeStep } from './parts/CodeStep';
import { RecoveryCodesPanel } from './parts/RecoveryCodesPanel';
import { RecoveryCodesShownOnce } from './parts/RecoveryCodesShownOnce';
import { AccountNotice } from './parts/AccountNotice';

/**
 * RecoveryCodes (flows 2, 4.6), the recovery codes screen: it shows, once, the codes of a TOTP setup
 * just confirmed or of a new authenticator app (their screens come here with them), and a signed-in
 * user makes new ones here with a current code of the authenticator app, the old ones then stop
 * working. Continue goes on to company selection. Codes shown and lost before they were saved (a
 * reload: they live in memory only) are not shown again: the screen says so, with a link to make a
 * new set. An account without an authenticator app has no recovery codes: the screen says so.
 */
export function RecoveryCodes() {
  const t = useT();
  const flow = useFlow();
  const session = useStore($session);
  const codes = useStore($recoveryCodes);
  const [lost, setLost] = useState(recoveryCodesLost);
  const [noTotp, setNoTotp] = useState(false);
  const toCompanySelection = () => flow.go({ to: PATHS.companySelection });

  // Said once: the next visit asks for a code to make a new set.
  useArrival(() => {
    if (lost) forgetRecoveryCodes();
  });
  // Shown once: leaving the screen, or the page, forgets them; a visit before they were saved says so.
  // A page the browser keeps for Back comes back saying so, as a reload does.
  useEffect(() => {
    const leavePage = () => {
      hideRecoveryCodes();
      setLost(recoveryCodesLost());
    };
    addEventListener('pagehide', leavePage);
    return () => {
      removeEventListener('pagehide', leavePage);
      hideRecoveryCodes();
    };
  }, []);

  async function send(challenge: string): Promise<'invalid' | 'done'> {
    // An organisation the session reaches, or the API audience for a user without one (contract, renewRecoveryCodes).
    const context = session && (homeContext(session) ?? session.aud);
    if (!context) return 'done';
    const result = await renewRecoveryCodes(context, challenge);
    if (result.kind === 'invalid-code') return 'invalid';
    if (result.kind === 'renewed') showRecoveryCodes(result.recoveryCodes);
    else if (result.kind === 'totp-required') setNoTotp(true);
    else showFailure('RecoveryCodes', 'renew-recovery-codes', result);
    return 'done';
  }

  if (codes) {
    return (
      <RecoveryCodesPanel
        codes={codes}
        account={session?.email ?? ''}
        onContinue={() => {
          recoveryCodesSaved();
          return toCompanySelection();
        }}
      />
    );
  }

  if (lost) return <RecoveryCodesShownOnce onNewSet={() => setLost(false)} />;

  if (noTotp) return <AccountNotice heading="page.recovery-codes-renewal.heading" message="page.recovery-codes-renewal.no-totp" />;

  return <CodeStep heading={t('page.recovery-codes-renewal.heading')} intro={t('page.recovery-codes-renewal.intro')} send={send} onBack={toCompanySelection} />;
}
