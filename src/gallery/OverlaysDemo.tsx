import { useState } from 'react';
import { FlowLink } from '../flow/FlowLink';
import { PATHS } from '../flow/paths';
import { Button, ConfirmationModal, DeletionModal, Overlay, linkClassName } from '@frontdoor/ui';
import { useGalleryT } from './gallery-texts';
import type { GalleryTextKey, KeysIn } from '../i18n/text-keys';
import { showToast } from '../stores/first-view/toast';
import { Demo, GallerySection } from './GallerySection';
import { CropDemo } from './CropDemo';

type Open = 'none' | 'confirm' | 'confirm-extra' | 'delete';

/** Confirmation and deletion modals, the side panel route, the crop dialog and the overlays. */
export function OverlaysDemo() {
  const t = useGalleryT();
  const o = (key: KeysIn<GalleryTextKey, 'gallery.overlays'>, params?: Record<string, unknown>) => t(`gallery.overlays.${key}`, params);
  const [open, setOpen] = useState<Open>('none');
  const close = (message: string) => {
    setOpen('none');
    showToast(message, 'info');
  };
  const team = o('team-name');

  return (
    <GallerySection id="overlays" title={t('gallery.section.overlays')}>
      <Demo title="ConfirmationModal">
        <div className="fd-gallery__actions">
          <Button variant="quiet" onClick={() => setOpen('confirm')}>
            {o('confirm')}
          </Button>
          <Button variant="quiet" onClick={() => setOpen('confirm-extra')}>
            {o('confirm-extra')}
          </Button>
        </div>
        <ConfirmationModal
          open={open === 'confirm' || open === 'confirm-extra'}
          title={o('confirm-title')}
          message={o('confirm-message')}
          extraConfirmation={open === 'confirm-extra' ? o('confirm-check') : undefined}
          confirmText={t('button.continue')}
          cancelText={t('button.cancel')}
          onConfirm={() => close(o('confirmed'))}
          onCancel={() => close(o('cancelled'))}
        />
      </Demo>
      <Demo title="DeletionModal">
        <div className="fd-gallery__actions">
          <Button variant="quiet" onClick={() => setOpen('delete')}>
            {o('delete')}
          </Button>
        </div>
        <DeletionModal
          open={open === 'delete'}
          title={o('delete-title')}
          message={o('delete-message')}
          warning={o('delete-warning')}
          referenceText={team}
          inputLabel={o('delete-label', { name: team })}
          mismatchError={o('delete-mismatch')}
          deleteText={t('button.delete')}
          cancelText={t('button.keep')}
          onDelete={() => close(o('deleted'))}
          onCancel={() => close(o('cancelled'))}
        />
      </Demo>
      <Demo title="SidePanel">
        <div className="fd-gallery__actions">
          <FlowLink to={PATHS.galleryPanel} className={linkClassName('button')}>
            {o('panel')}
          </FlowLink>
          <FlowLink to={PATHS.galleryPanel} search={{ confirm: 'yes' }} className={linkClassName('button')}>
            {o('panel-confirm')}
          </FlowLink>
        </div>
      </Demo>
      <CropDemo />
      <Demo title="Overlay">
        <div className="fd-gallery__overlays">
          {(['light', 'dark'] as const).map((theme) => (
            <div key={theme} className="fd-gallery__overlay-sample">
              <Overlay theme={theme} />
              <span className="fd-gallery__overlay-label">{o(`overlay-${theme}`)}</span>
            </div>
          ))}
        </div>
      </Demo>
    </GallerySection>
  );
}
