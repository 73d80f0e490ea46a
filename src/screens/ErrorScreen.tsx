import { useT } from '../i18n/t';
import { FlowLink } from '../flow/FlowLink';
import { PATHS } from '../flow/paths';

/**
 * What shows in place of a screen that failed (flows 8, error.general): it threw while rendering
 * (src/router/ScreenErrorBoundary.tsx), or its files could not arrive even by a page load.
 */
export function ErrorScreen() {
  const t = useT();
  return (
    <div className="fd-card" role="alert">
      <h1>{t('error.general')}</h1>
      <FlowLink to={PATHS.login}>{t('error.go-to-login')}</FlowLink>
    </div>
  );
}
