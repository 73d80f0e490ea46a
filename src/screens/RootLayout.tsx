import { Outlet, useLocation, useMatches } from '@tanstack/react-router';
import { ScreenFrame } from './ScreenFrame';

/** The router's page: the title of the deepest route (spec 2) and the `locale` parameter (spec 2). */
export function RootLayout() {
  const matches = useMatches();
  const locale = useLocation({ select: (location) => (location.search as Record<string, unknown>).locale });
  const titleKey = [...matches].reverse().find((match) => match.staticData?.titleKey)?.staticData.titleKey;
  return (
    <ScreenFrame titleKey={titleKey} locale={typeof locale === 'string' ? locale : undefined}>
      <Outlet />
    </ScreenFrame>
  );
}
