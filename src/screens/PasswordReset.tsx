import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { useSearch } from '../flow/search';
import { PATHS } from '../flow/paths';
import { $resetEmail } from '../stores/reset-email';
import { EmailRequestForm } from './parts/EmailRequestForm';

/**
 * PasswordReset (flows 2, 4.12): an e-mail, pre-filled from `username`, that asks for a reset mail.
 * The e-mail is kept in session storage for the success page.
 */
export function PasswordReset() {
  const t = useT();
  const flow = useFlow();
  const { email } = useSearch(PATHS.passwordReset);
  return (
    <EmailRequestForm
      screen="PasswordReset"
      kind="forgot-password"
      heading={t('page.password-reset.heading')}
      intro={t('page.password-reset.intro')}
      submitLabel={t('button.continue')}
      prefill={{ email, from: ['username'] }}
      onSent={(email) => {
        $resetEmail.set(email);
        flow.go({ to: PATHS.passwordResetSuccess });
      }}
      back={{ label: t('page.password-reset.back') }}
    />
  );
}
