import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { useSearch } from '../flow/search';
import { PATHS } from '../flow/paths';
import { EmailRequestForm } from './parts/EmailRequestForm';

/** Register (flows 2): an e-mail, pre-filled from `username` or `email`, that asks for the sign-up mail. */
export function Register() {
  const t = useT();
  const flow = useFlow();
  const { email } = useSearch(PATHS.register);
  return (
    <EmailRequestForm
      screen="Register"
      kind="register"
      heading={t('page.register.heading')}
      intro={t('page.register.intro')}
      submitLabel={t('button.create')}
      prefill={{ email, from: ['username', 'email'] }}
      onSent={(email) => flow.go({ to: PATHS.registerSuccess, search: { username: email } })}
      back={{ prompt: t('page.register.have-account'), label: t('page.register.login-link') }}
    />
  );
}
