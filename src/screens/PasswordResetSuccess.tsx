import { useStore } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { PATHS } from '../flow/paths';
import { $resetEmail } from '../stores/reset-email';
import { MailSent } from './parts/MailSent';

/** PasswordResetSuccess (flows 2, 4.12): the saved e-mail and a resend link; without one, back to PasswordReset. */
export function PasswordResetSuccess() {
  const t = useT();
  return (
    <MailSent
      screen="PasswordResetSuccess"
      kind="forgot-password"
      email={useStore($resetEmail)}
      otherwise={PATHS.passwordReset}
      heading={t('page.password-reset-success.heading')}
      message={t('page.password-reset-success.message')}
    />
  );
}
