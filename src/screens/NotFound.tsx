import { Link } from '@tanstack/react-router';
import { useT } from '../i18n/useT';

/** Any path outside the route table. */
export function NotFound() {
  const t = useT();
  return (
    <>
      <h1>{t('title.not-found')}</h1>
      <p>{t('error.not-found')}</p>
      <Link to="/login">{t('error.go-to-login')}</Link>
    </>
  );
}
