import { useT } from '../i18n/t';
import { useSearch } from '../flow/search';
import { PATHS } from '../flow/paths';
import { MailSent } from './parts/MailSent';

/** RegisterSuccess (flows 2): the sign-up mail is on its way to `username`; without one, back to Login. */
export function RegisterSuccess() {
  const t = useT();
  const { username } = useSearch(PATHS.registerSuccess);
  return (
    <MailSent
      screen="RegisterSuccess"
      kind="register"
      email={username}
      otherwise={PATHS.login}
      heading={t('page.register-success.heading')}
      message={t('page.register-success.message')}
    />
  );
}
