import { Outlet, useLocation, useMatches } from '@tanstack/react-router';
import { ScreenFrame } from './ScreenFrame';
import { useAnnounceLive } from '../flow/live';

/**
 * The router's page: the title of the deepest route (flows 2) and the `locale` parameter (flows 2).
 * Every page the router shows, the gallery's too, takes its own presses from its first render.
 */
export function RootLayout() {
  useAnnounceLive();
  const matches = useMatches();
  const locale = useLocation({ select: (location) => (location.search as Record<string, unknown>).locale });
  const titleKey = [...matches].reverse().find((match) => match.staticData?.titleKey)?.staticData.titleKey;
  return (
    <ScreenFrame titleKey={titleKey} locale={typeof locale === 'string' ? locale : undefined}>
      <Outlet />
    </ScreenFrame>
  );
}
