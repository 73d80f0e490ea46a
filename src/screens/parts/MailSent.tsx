import { useState } from 'react';
import { useArrival } from '@frontdoor/ui';
import { useT } from '../../i18n/t';
import { useFlow } from '../../flow/flow';
import { PATHS, type AppPath } from '../../flow/paths';
import { FlowLink } from '../../flow/FlowLink';
import { useLive } from '../../flow/live';
import { showFailure } from '../../steps/failure';
import { requestMail } from '../../api/account';
import { showToast } from '../../stores/first-view/toast';
import { requestLanguage } from '../../../rules/languages';

export interface MailSentProps {
  screen: string;
  /** The mail to send again. */
  kind: 'register' | 'forgot-password';
  /** Where the mail went; without one there is nothing to show. */
  email: string | undefined;
  /** Where to go without an e-mail (flows 2: Login, or PasswordReset for a reset). */
  otherwise: AppPath;
  heading: string;
  message: string;
}

/**
 * "Check your e-mail" (RegisterSuccess, PasswordResetSuccess, PasswordMigrationSuccess): the address
 * the mail went to, a link that sends it again, with "Email successfully sent." (flows 8), and the
 * way back to sign in. Without an address it goes where the screen says (flows 2).
 */
export function MailSent({ screen, kind, email, otherwise, heading, message }: MailSentProps) {
  const t = useT();
  const flow = useFlow();
  const live = useLive();
  const [busy, setBusy] = useState(false);

  // On arrival only: the address does not go away while the page shows it.
  useArrival(() => {
    if (!email) flow.go({ to: otherwise, replace: true });
  });

  async function resend() {
    if (busy || !email) return;
    setBusy(true);
    const result = await requestMail(kind, { email, language: requestLanguage(navigator.language) });
    setBusy(false);
    if (result.kind === 'sent') showToast(t('page.password-reset-success.toast-resend-success'), 'success');
    else showFailure(screen, `${kind}-again`, result);
  }

  return (
    <section className="fd-card">
      <h1>{heading}</h1>
      <p className="fd-card__intro">{message}</p>
      <p className="fd-card__email">{email ?? ''}</p>
      {/* Only the script sends it again: until the screen is live a click would do nothing. */}
      <p className="fd-card__aside">
        {t('page.mail-sent.resend-prompt')}{' '}
        <button type="button" className="fd-link fd-text-button" onClick={() => void resend()} disabled={!live} aria-busy={busy || undefined}>
          {t('page.mail-sent.resend')}
        </button>
      </p>
      <p className="fd-card__aside">
        <FlowLink to={PATHS.login} className="fd-link">
          {t('page.mail-sent.back')}
        </FlowLink>
      </p>
    </section>
  );
}
