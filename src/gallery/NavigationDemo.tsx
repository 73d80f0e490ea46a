import { useState } from 'react';
import { Button, ButtonSheet, Carousel, IconButton, ImageSelector, Tabs } from '@frontdoor/ui';
import { useGalleryT } from './gallery-texts';
import type { GalleryTextKey, KeysIn } from '../i18n/text-keys';
import { Demo, GallerySection } from './GallerySection';
import { PICTURES } from './sample-images';

const PENCIL = 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4';
const TRASH = 'M5 7h14M10 11v6M14 11v6M7 7l1 13h8l1-13M9 7V4h6v3';
const SHARE = 'M12 4v11M7 9l5-5 5 5M5 14v6h14v-6';

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Tabs, carousel, image selector, icon buttons and button sheets. */
export function NavigationDemo() {
  const t = useGalleryT();
  const n = (key: KeysIn<GalleryTextKey, 'gallery.navigation'>, params?: Record<string, unknown>) => t(`gallery.navigation.${key}`, params);
  const [picture, setPicture] = useState<string | null>(PICTURES[0]!);
  const tabs = [
    { tabKey: 'general', label: n('general') },
    { tabKey: 'security', label: n('security') },
    { tabKey: 'billing', label: n('billing'), error: true },
    { tabKey: 'archive', label: n('archive'), enabled: false },
    { tabKey: 'hidden', label: 'hidden', visible: false },
  ];
  const carousel = { previousLabel: t('toolkit.previous'), nextLabel: t('toolkit.next') };

  return (
    <GallerySection id="navigation" title={t('gallery.section.navigation')}>
      <Demo title="Tabs" wide>
        <Tabs label={n('tabs')} tabs={tabs} errorLabel={t('toolkit.has-errors')}>
          {(key) => <p className="fd-gallery__tab-text">{key === 'general' || key === 'security' || key === 'billing' ? n(`${key}-text`) : ''}</p>}
        </Tabs>
      </Demo>
      <Demo title="Carousel" wide>
        <Carousel label={n('carousel')} {...carousel}>
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="fd-gallery__card">
              <span className="fd-gallery__card-badge" aria-hidden="true">
                {String.fromCharCode(65 + index)}
              </span>
              {n('partner', { number: index + 1 })}
            </div>
          ))}
        </Carousel>
      </Demo>
      <Demo title="ImageSelector" wide>
        <ImageSelector
          label={n('images')}
          {...carousel}
          images={PICTURES.map((url, index) => ({ url, text: n('picture', { number: index + 1 }) }))}
          value={picture}
          setValue={setPicture}
        />
      </Demo>
      <Demo title="IconButton">
        <div className="fd-gallery__actions">
          <IconButton label={`${n('edit')} (${n('icon-round')})`}>
            <Icon path={PENCIL} />
          </IconButton>
          <IconButton label={`${n('remove')} (${n('icon-square')})`} frame="square">
            <Icon path={TRASH} />
          </IconButton>
          <IconButton label={`${n('share')} (${t('gallery.state.custom')})`} frame="square" padding={12}>
            <Icon path={SHARE} />
          </IconButton>
          <IconButton label={`${n('share')} (${t('gallery.state.disabled')})`} disabled>
            <Icon path={SHARE} />
          </IconButton>
        </div>
      </Demo>
      <Demo title="ButtonSheet">
        {(
          [
            ['start', 'white'],
            ['center', 'gray'],
            ['end', 'white'],
          ] as const
        ).map(([align, theme]) => (
          <div key={align} className="fd-gallery__sheet">
            <p className="fd-gallery__caption">{n(`sheet-${align}`)}</p>
            <ButtonSheet align={align} theme={theme}>
              <Button variant="quiet">{t('button.cancel')}</Button>
              <Button>{t('button.save')}</Button>
            </ButtonSheet>
          </div>
        ))}
      </Demo>
    </GallerySection>
  );
}
