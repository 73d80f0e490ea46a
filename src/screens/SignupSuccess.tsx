import { useT } from '../i18n/t';
import { Done } from './parts/Done';

/** SignupSuccess (flows 2): the account is ready; a button to Login. */
export function SignupSuccess() {
  const t = useT();
  return <Done heading={t('page.signup-success.heading')} message={t('page.signup-success.message')} login={t('button.login')} />;
}
