import { useStore } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { PATHS } from '../flow/paths';
import { $resetEmail } from '../stores/reset-email';
import { MailSent } from './parts/MailSent';

/** PasswordMigrationSuccess (flows 2, 4.11): the mail to choose a password went to the e-mail; resend. */
export function PasswordMigrationSuccess() {
  const t = useT();
  return (
    <MailSent
      screen="PasswordMigrationSuccess"
      kind="forgot-password"
      email={useStore($resetEmail)}
      otherwise={PATHS.login}
      heading={t('page.migration.sent-heading')}
      message={t('page.migration.sent-message')}
    />
  );
}
