import { useMatch } from '@tanstack/react-router';
import { useT } from '../i18n/useT';

/** A screen whose flow has not landed yet: its translated title as the page heading. */
export function ScreenPlaceholder() {
  const t = useT();
  const titleKey = useMatch({ strict: false, select: (match) => match.staticData?.titleKey });
  return <h1>{t(titleKey ?? 'app.name')}</h1>;
}
