import { useT } from '../i18n/t';
import { PATHS } from '../flow/paths';
import { FlowLink } from '../flow/FlowLink';
import { useSearch } from '../flow/search';
import { PasswordFromLink } from './parts/PasswordFromLink';

/** Signup (flows 2): the same form as PasswordUpdate from an invitation link, with a login link. */
export function Signup() {
  const t = useT();
  const { token } = useSearch(PATHS.signup);
  return (
    <PasswordFromLink
      screen="Signup"
      linkToken={token}
      heading={t('page.signup.heading')}
      intro={(email) => t('page.signup.intro', { email })}
      success={PATHS.signupSuccess}
    >
      <p className="fd-card__aside">
        {t('page.signup.have-account')}{' '}
        <FlowLink to={PATHS.login} className="fd-link">
          {t('page.signup.login-link')}
        </FlowLink>
      </p>
    </PasswordFromLink>
  );
}
