import { useEffect } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useT } from '../i18n/t';
import { FlowLink } from '../flow/FlowLink';
import { PATHS } from '../flow/paths';

/** What a route shows when it throws, so no error is swallowed (flows 8, error.general). */
export function ErrorScreen({ error }: ErrorComponentProps) {
  const t = useT();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="fd-card" role="alert">
      <h1>{t('error.general')}</h1>
      <FlowLink to={PATHS.login}>{t('error.go-to-login')}</FlowLink>
    </div>
  );
}
