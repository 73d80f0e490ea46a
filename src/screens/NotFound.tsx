import { useT } from '../i18n/t';
import { FlowLink } from '../flow/FlowLink';
import { PATHS } from '../flow/paths';

/** Any path outside the route table. */
export function NotFound() {
  const t = useT();
  return (
    <div className="fd-card">
      <h1>{t('title.not-found')}</h1>
      <p>{t('error.not-found')}</p>
      <FlowLink className="fd-link" to={PATHS.login}>
        {t('error.go-to-login')}
      </FlowLink>
    </div>
  );
}
