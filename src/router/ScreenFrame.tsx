import { useEffect, type ReactNode } from 'react';
import { CentredLayout, Toast, useStore } from '@frontdoor/ui';
import { useT, type TextKey } from '../i18n/t';
import { $toast, clearToast } from '../stores/first-view/toast';
import { setLocale } from '../i18n/locale';
import { Logo } from '../screens/Logo';

/**
 * What every screen sits in: the centred layout with the logo, which also follows a `locale` query
 * parameter (flows 2), the page title from the route's metadata (flows 2) and the toast (flows 4).
 */
export function ScreenFrame({ titleKey, locale, children }: { titleKey: TextKey | undefined; locale: string | undefined; children: ReactNode }) {
  const t = useT();
  const toast = useStore($toast);
  const title = t(titleKey ?? 'app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <>
      <CentredLayout logo={<Logo name={t('app.name')} />} locale={locale} onLocale={setLocale}>
        {children}
      </CentredLayout>
      <Toast toast={toast} onClose={clearToast} closeLabel={t('button.close')} />
    </>
  );
}
