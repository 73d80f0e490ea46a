import { Button, SidePanel, sidePanelParent } from '@frontdoor/ui';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { useGalleryT } from './gallery-texts';
import type { GalleryTextKey, KeysIn } from '../i18n/text-keys';

/**
 * The side panel demo, the child route /ui/panel: the close button, Escape or a click beside it go
 * back to /ui; Save goes back with action=reload (flows 2). With `?confirm=yes` it asks first (flows 4).
 */
export function GalleryPanel() {
  const t = useGalleryT();
  const o = (key: KeysIn<GalleryTextKey, 'gallery.overlays'>) => t(`gallery.overlays.${key}`);
  const flow = useFlow();
  const asks = flow.search.confirm === 'yes';
  // The parent of /ui/panel is the gallery itself.
  const close = (reload: boolean) => void flow.go({ to: PATHS.gallery, search: sidePanelParent(flow.path, {}, { reload }).search });

  return (
    <SidePanel
      title={o('panel-title')}
      closeLabel={t('button.close')}
      onClose={() => close(false)}
      confirmation={asks ? { title: o('leave-title'), message: o('leave-message'), leaveText: o('leave'), stayText: o('stay') } : undefined}
      footer={<Button onClick={() => close(true)}>{t('button.save')}</Button>}
    >
      <p>{o('panel-text')}</p>
    </SidePanel>
  );
}
