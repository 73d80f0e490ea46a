import { useState } from 'react';
import { Button, useArrival, useStore } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { showFailure } from '../steps/failure';
import { startMfaSetup } from '../api/mfa';
import { $context, $policy, $secret, $session, $token, establishSession } from '../stores/session';
import { hasSkippedMfa, writeSkipMfaCookie } from '../session/cookies';
import { config } from '../config/runtime-config';
import { StoreBadges } from './parts/StoreBadges';
import { TotpSecret } from './parts/TotpSecret';

const STEPS = [1, 2, 3, 4, 5] as const;

/**
 * MFASetup (flows 2, 4.4, 4.6): the QR code of a new TOTP secret (reused from session storage on a
 * reload; clicking the code makes a new one), the secret as text for those who cannot scan, five
 * steps, two store badges, Continue, and Skip only when the organisation's policy is OPTIONAL.
 */
export function MFASetup() {
  const t = useT();
  const flow = useFlow();
  const context = useStore($context);
  const policy = useStore($policy);
  const secretUri = useStore($secret);
  const [busy, setBusy] = useState(false);
  const optional = policy === 'OPTIONAL';

  async function newSecret() {
    if (!context || busy) return;
    setBusy(true);
    const result = await startMfaSetup(context);
    setBusy(false);
    if (result.kind === 'secret') $secret.set(result.uri);
    else showFailure('MFASetup', 'mfa-setup', result);
  }

  function skip() {
    const userId = $session.get()?.userId;
    if (userId) writeSkipMfaCookie(config.cookieDomain, userId);
    establishSession($token.get() ?? '');
    flow.go({ to: PATHS.companySelection });
  }

  // The actions read the stores themselves.
  useArrival(() => {
    // A user who chose Skip today is not asked again until tomorrow (flows 4.4, 9); another user of
    // this browser still is.
    const userId = $session.get()?.userId;
    if (optional && userId && hasSkippedMfa(userId)) {
      establishSession($token.get() ?? '');
      flow.go({ to: PATHS.companySelection, replace: true });
    } else if (!$secret.get()) void newSecret();
  });

  return (
    <section className="fd-card fd-card--wide" aria-busy={busy || undefined}>
      <h1>{t('page.mfa-setup.heading')}</h1>
      <p className="fd-card__intro">{t(optional ? 'page.mfa-setup.intro' : 'page.mfa-setup.intro-required')}</p>
      <div className="fd-mfa">
        <TotpSecret uri={secretUri} busy={busy} onRegenerate={() => void newSecret()} />
        <ol className="fd-steps">
          {STEPS.map((step) => (
            <li key={step}>{t(`page.mfa-setup.step-${step}`)}</li>
          ))}
        </ol>
      </div>
      <StoreBadges appStoreLabel={t('page.mfa-setup.store-apple')} playStoreLabel={t('page.mfa-setup.store-google')} />
      <div className="fd-card__actions">
        {optional && (
          <Button variant="quiet" onClick={skip}>
            {t('button.skip')}
          </Button>
        )}
        <Button enabled={Boolean(secretUri)} onClick={() => flow.go({ to: PATHS.mfaSetupConfirmation })}>
          {t('button.continue')}
        </Button>
      </div>
    </section>
  );
}
