import { AdministrativePage, Button, CentrePage, CleanLayout, EmptyPage, MainLayout, SimplePage, TwoColumnPage } from '@frontdoor/ui';
import { useGalleryT } from './gallery-texts';
import type { GalleryTextKey, KeysIn } from '../i18n/text-keys';
import { Demo, GallerySection } from './GallerySection';

/** The layouts and page templates, each in a small frame. */
export function LayoutsDemo() {
  const t = useGalleryT();
  const l = (key: KeysIn<GalleryTextKey, 'gallery.layouts'>) => t(`gallery.layouts.${key}`);
  return (
    <GallerySection id="layouts" title={t('gallery.section.layouts')}>
      <Demo title="CleanLayout">
        <div className="fd-gallery__preview">
          <CleanLayout as="div">
            <p>{l('clean-text')}</p>
          </CleanLayout>
        </div>
      </Demo>
      <Demo title="MainLayout">
        <div className="fd-gallery__preview fd-gallery__preview--tall">
          <MainLayout as="div" header={<strong>{l('header')}</strong>} menu={<p>{l('menu')}</p>} menuLabel={l('menu')} footer={l('footer')}>
            <p>{l('content')}</p>
          </MainLayout>
        </div>
      </Demo>
      <Demo title="SimplePage">
        <div className="fd-gallery__preview">
          <SimplePage headingLevel={4} title={l('simple-title')} action={<Button>{t('button.create')}</Button>}>
            <p>{l('simple')}</p>
          </SimplePage>
        </div>
      </Demo>
      <Demo title="AdministrativePage">
        <div className="fd-gallery__preview">
          <AdministrativePage
            headingLevel={4}
            title={l('administrative-title')}
            heading={l('administrative-heading')}
            controls={<input className="fd-field__input" type="search" aria-label={l('filter')} placeholder={l('filter')} />}
          >
            <p>{l('administrative')}</p>
          </AdministrativePage>
        </div>
      </Demo>
      <Demo title="CentrePage">
        <div className="fd-gallery__preview">
          <CentrePage>
            <p>{l('centre-text')}</p>
          </CentrePage>
        </div>
      </Demo>
      <Demo title="EmptyPage">
        <div className="fd-gallery__preview">
          <EmptyPage>
            <p>{l('empty-text')}</p>
          </EmptyPage>
        </div>
      </Demo>
      <Demo title="TwoColumnPage" wide>
        <div className="fd-gallery__preview">
          <TwoColumnPage
            headingLevel={4}
            title={l('two-column')}
            start={<p className="fd-gallery__column">{l('first-column')}</p>}
            end={<p className="fd-gallery__column">{l('second-column')}</p>}
          />
        </div>
      </Demo>
    </GallerySection>
  );
}
