import { useEffect } from 'react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { useT } from '../i18n/useT';

/** The page frame: sets the document title from the deepest route's metadata (spec section 2). */
export function RootLayout() {
  const t = useT();
  const matches = useMatches();
  const titleKey = [...matches].reverse().find((match) => match.staticData?.titleKey)?.staticData.titleKey;
  const title = titleKey ? t(titleKey) : t('app.name');

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <main id="main" className="fd-page">
      <Outlet />
    </main>
  );
}
