import { useState, type FormEvent } from 'react';
import { Button } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { PATHS } from '../flow/paths';
import { useSearch } from '../flow/search';
import { FlowLink } from '../flow/FlowLink';
import { showFailure } from '../steps/failure';
import { useAnnounceLive } from '../flow/live';
import { secureAccount } from '../api/account';
import { endSession } from '../stores/session';
import { ensureDictionary } from '../i18n/locale';
import { Done } from './parts/Done';

type Outcome = 'secured' | 'unusable' | undefined;

/**
 * SecureAccount ("This wasn't me", server/auth/account-alerts.ts): opened from an alert mail's
 * link, it says what securing the account does and does it only when the person confirms, so a
 * mail program that opens links acts on nothing. Secured: signed out everywhere, this browser too,
 * and a mail with a new password's link on its way. A used, expired or broken link says so and
 * offers the password reset.
 */
export function SecureAccount() {
  const t = useT();
  const { token } = useSearch(PATHS.secureAccount);
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  // A press before the script ran is held by the page and sent again now.
  useAnnounceLive();

  async function secure(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!token) return setOutcome('unusable');
    setBusy(true);
    // The answer's screen has texts this page does not carry: they come during the call.
    const [result] = await Promise.all([secureAccount(token), ensureDictionary()]);
    setBusy(false);
    if (result.kind === 'secured') {
      endSession();
      setOutcome('secured');
    } else if (result.kind === 'link-spent' || result.kind === 'not-a-link') setOutcome('unusable');
    else showFailure('SecureAccount', 'secure-account', result);
  }

  if (outcome === 'secured') {
    return <Done heading={t('page.secure-account.secured-heading')} message={t('page.secure-account.secured')} login={t('button.login')} />;
  }

  if (outcome === 'unusable') {
    return (
      <section className="fd-card" role="alert">
        <h1>{t('page.secure-account.heading')}</h1>
        <p className="fd-card__intro">
          {t('page.secure-account.unusable')}{' '}
          <FlowLink to={PATHS.passwordReset} className="fd-link">
            {t('page.secure-account.reset-link')}
          </FlowLink>
          .
        </p>
      </section>
    );
  }

  return (
    <form className="fd-card" onSubmit={(event) => void secure(event)} aria-busy={busy || undefined}>
      <h1>{t('page.secure-account.heading')}</h1>
      <p className="fd-card__intro">{t('page.secure-account.intro')}</p>
      <ul className="fd-consequences">
        <li>{t('page.secure-account.sign-out')}</li>
        <li>{t('page.secure-account.remove')}</li>
        <li>{t('page.secure-account.password')}</li>
      </ul>
      <Button type="submit" busy={busy} busyLabel={t('app.busy')}>
        {t('page.secure-account.confirm')}
      </Button>
      <p className="fd-card__aside">
        <FlowLink to={PATHS.login} className="fd-link">
          {t('page.secure-account.was-me')}
        </FlowLink>
      </p>
    </form>
  );
}
