import { useState } from 'react';
import { Button, useArrival, useStore } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { showFailure } from '../steps/failure';
import { confirmMfa, startMfaSetup } from '../api/mfa';
import { $session, $token, establishSession } from '../stores/session';
import { showRecoveryCodes } from '../stores/recovery-codes';
import { homeContext } from '../session/token';
import { secretOf } from '../platform/qr';
import { CodeStep } from './parts/CodeStep';
import { AccountNotice } from './parts/AccountNotice';
import { TotpSecret } from './parts/TotpSecret';

/** `confirmed`: on the way to the recovery codes screen, with a session that no longer carries `rec`. */
type Phase = 'scan' | 'confirm' | 'confirmed' | 'too-late';

/**
 * NewAuthenticator (flows 2, 4.6): a user who lost the authenticator app and signed in with a
 * recovery code sets up a new one without a code of the old one, within ten minutes of that sign-in.
 * The new secret's QR code, a code of it, then the new recovery codes on the recovery codes screen;
 * the old app stops working only when the new one is confirmed. Not now, or Continue after the
 * codes, goes to company selection.
 */
export function NewAuthenticator() {
  const t = useT();
  const flow = useFlow();
  const session = useStore($session);
  const [phase, setPhase] = useState<Phase>('scan');
  const [uri, setUri] = useState<string>();
  const [busy, setBusy] = useState(false);
  const toCompanySelection = () => flow.go({ to: PATHS.companySelection });
  // An organisation the session reaches, or the API audience for a user without one (contract, setMfa).
  const context = session && (homeContext(session) ?? session.aud);
  // The session the confirmation answers no longer carries `rec`: the codes are shown before this counts.
  const recovered = session?.amr?.includes('rec') === true;

  async function newSecret() {
    if (!context || busy) return;
    setBusy(true);
    const result = await startMfaSetup(context);
    setBusy(false);
    if (result.kind === 'secret') setUri(result.uri);
    else showFailure('NewAuthenticator', 'mfa-setup', result);
  }

  useArrival(() => {
    if (recovered) void newSecret();
  });

  async function send(challenge: string): Promise<'invalid' | 'done'> {
    const mfaSecret = uri && secretOf(uri);
    if (!context || !mfaSecret) return 'done';
    const result = await confirmMfa(context, { mfaSecret, challenge });
    if (result.kind === 'invalid-code') return 'invalid';
    // The ten minutes after the recovery-code sign-in have passed: the server asks the old code.
    if (result.kind === 'current-code-required') {
      setPhase('too-late');
      return 'done';
    }
    if (result.kind !== 'confirmed') {
      showFailure('NewAuthenticator', 'mfa-confirm', result);
      return 'done';
    }
    setPhase('confirmed');
    establishSession(result.token ?? $token.get() ?? '');
    showRecoveryCodes(result.recoveryCodes);
    await flow.go({ to: PATHS.recoveryCodes, replace: true });
    return 'done';
  }

  if (phase === 'too-late' || (!recovered && phase !== 'confirmed')) {
    return <AccountNotice heading="page.new-authenticator.heading" message="page.new-authenticator.not-recovered" />;
  }

  // Confirmed, the code step stays busy until the recovery codes screen is shown.
  if (phase !== 'scan') {
    return <CodeStep heading={t('page.mfa-confirm.heading')} intro={t('page.mfa-confirm.intro')} send={send} onBack={() => setPhase('scan')} />;
  }

  return (
    <section className="fd-card fd-card--wide" aria-busy={busy || undefined}>
      <h1>{t('page.new-authenticator.heading')}</h1>
      <p className="fd-card__intro">{t('page.new-authenticator.intro')}</p>
      <div className="fd-mfa">
        <TotpSecret uri={uri} busy={busy} onRegenerate={() => void newSecret()} />
      </div>
      <div className="fd-card__actions">
        <Button variant="quiet" onClick={toCompanySelection}>
          {t('page.new-authenticator.not-now')}
        </Button>
        <Button enabled={Boolean(uri)} onClick={() => setPhase('confirm')}>
          {t('button.continue')}
        </Button>
      </div>
    </section>
  );
}
