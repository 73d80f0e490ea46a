import { useT } from '../i18n/t';
import { Done } from './parts/Done';

/** PasswordUpdateSuccess (flows 2): the password is set; a button to Login. */
export function PasswordUpdateSuccess() {
  const t = useT();
  return <Done heading={t('page.password-update-success.heading')} message={t('page.password-update-success.message')} login={t('button.login')} />;
}
