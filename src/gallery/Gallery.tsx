import { useEffect, useState } from 'react';
import { Dropdown, MainLayout, shouldReload, useStore } from '@frontdoor/ui';
import { LANGUAGES, isLanguage } from '../../rules/languages';
import { useGalleryT } from './gallery-texts';
import { $locale, setLocale } from '../i18n/locale';
import { showToast } from '../stores/first-view/toast';
import { loadGalleryTexts } from './gallery-texts';
import { GalleryPanel } from './GalleryPanel';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { BasicsDemo } from './BasicsDemo';
import { FieldsDemo } from './FieldsDemo';
import { DropdownsDemo } from './DropdownsDemo';
import { OverlaysDemo } from './OverlaysDemo';
import { NavigationDemo } from './NavigationDemo';
import { LayoutsDemo } from './LayoutsDemo';
// The sign-in pages load only the styles they use; the gallery brings the rest of the toolkit's.
import '@frontdoor/ui/styles.css';
import './gallery.css';

/** Each language named in itself, so a visitor finds their own whatever the page's language. */
const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = { en: 'English', de: 'Deutsch', it: 'Italiano', fr: 'Français', az: 'Azərbaycanca' };
const SECTIONS = ['basics', 'fields', 'dropdowns', 'overlays', 'navigation', 'layouts'] as const;

/**
 * The toolkit's gallery: every component in every state, in the current language. At /ui/panel its
 * side panel is open over it, a child route (flows 2).
 */
export function Gallery() {
  const t = useGalleryT();
  const locale = useStore($locale);
  const flow = useFlow();
  const reload = shouldReload(flow.search);
  // The gallery's texts for a language set from elsewhere (a `locale` parameter): shown once loaded.
  const [, setTextsOf] = useState(locale);
  useEffect(() => {
    void loadGalleryTexts(locale).then(() => setTextsOf(locale));
  }, [locale]);
  // Chosen here, the language's gallery texts load first, so nothing shows untranslated meanwhile.
  const choose = (language: string) => isLanguage(language) && void loadGalleryTexts(language).then(() => setLocale(language));

  // A side panel closed with action=reload: the gallery "reloads" by saying so, then drops the parameter.
  useEffect(() => {
    if (!reload) return;
    showToast(t('gallery.overlays.reloaded'), 'success');
    void flow.go({ to: PATHS.gallery, replace: true });
  }, [reload, flow, t]);

  const header = (
    <div className="fd-gallery__header">
      <div>
        <h1 className="fd-gallery__title">{t('gallery.heading')}</h1>
        <p className="fd-gallery__intro">{t('gallery.intro')}</p>
      </div>
      <Dropdown
        className="fd-gallery__language"
        label={t('gallery.language')}
        options={LANGUAGES.map((language) => ({ value: language, text: LANGUAGE_NAMES[language] }))}
        value={[locale]}
        setValue={([language]) => language && choose(language)}
      />
    </div>
  );
  const menu = (
    <ul className="fd-gallery__menu">
      {SECTIONS.map((section) => (
        <li key={section}>
          <a href={`#${section}`}>{t(`gallery.section.${section}`)}</a>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="fd-gallery">
      <MainLayout as="div" header={header} menu={menu} menuLabel={t('gallery.sections-label')}>
        <BasicsDemo />
        <FieldsDemo />
        <DropdownsDemo />
        <OverlaysDemo />
        <NavigationDemo />
        <LayoutsDemo />
      </MainLayout>
      {flow.path === PATHS.galleryPanel && <GalleryPanel />}
    </div>
  );
}
