import { useT } from '../i18n/t';
import { PATHS } from '../flow/paths';
import { useSearch } from '../flow/search';
import { PasswordFromLink } from './parts/PasswordFromLink';

/** PasswordUpdate (flows 2, 4.10, 4.12): a new password from a reset link. */
export function PasswordUpdate() {
  const t = useT();
  const { token } = useSearch(PATHS.passwordUpdate);
  return (
    <PasswordFromLink
      screen="PasswordUpdate"
      linkToken={token}
      heading={t('page.password-update.heading')}
      intro={() => t('page.password-update.intro')}
      success={PATHS.passwordUpdateSuccess}
    />
  );
}
