import { useEffect } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Link } from '@tanstack/react-router';
import { useT } from '../i18n/useT';

/** What a route shows when it throws, so no error is swallowed (spec section 8, error.general). */
export function ErrorScreen({ error }: ErrorComponentProps) {
  const t = useT();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert">
      <h1>{t('error.general')}</h1>
      <Link to="/login">{t('error.go-to-login')}</Link>
    </div>
  );
}
