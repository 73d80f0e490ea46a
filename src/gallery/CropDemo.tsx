import { useEffect, useState, type ChangeEvent } from 'react';
import { Button, CropDialog, type CropDialogTexts } from '@frontdoor/ui';
import { useGalleryT } from './gallery-texts';
import type { GalleryTextKey, KeysIn } from '../i18n/text-keys';
import { showToast } from '../stores/first-view/toast';
import { Demo } from './GallerySection';
import { SAMPLE_PHOTO } from './sample-images';

/** Output bounds of the demo: 16:9, from 320 × 180 up to 800 × 450 pixels. */
const BOUNDS = { minWidth: 320, minHeight: 180, maxWidth: 800, maxHeight: 450 };

interface Cropped {
  url: string;
  width: number;
  height: number;
  bytes: number;
}

/** The crop dialog on the sample photograph or on a picture the visitor chooses. */
export function CropDemo() {
  const t = useGalleryT();
  const o = (key: KeysIn<GalleryTextKey, 'gallery.overlays'>, params?: Record<string, unknown>) => t(`gallery.overlays.${key}`, params);
  const [source, setSource] = useState<string | null>(null);
  const [cropped, setCropped] = useState<Cropped | null>(null);
  useEffect(
    () => () => {
      if (cropped) URL.revokeObjectURL(cropped.url);
    },
    [cropped],
  );
  const texts: CropDialogTexts = {
    title: t('toolkit.crop.title'),
    accept: t('toolkit.crop.accept'),
    cancel: t('button.cancel'),
    zoomIn: t('toolkit.crop.zoom-in'),
    zoomOut: t('toolkit.crop.zoom-out'),
    rotateLeft: t('toolkit.crop.rotate-left'),
    rotateRight: t('toolkit.crop.rotate-right'),
    flipHorizontal: t('toolkit.crop.flip-horizontal'),
    flipVertical: t('toolkit.crop.flip-vertical'),
  };

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (file) setSource(URL.createObjectURL(file));
    event.currentTarget.value = '';
  }

  async function accept(image: Blob) {
    const bitmap = await createImageBitmap(image);
    setCropped({ url: URL.createObjectURL(image), width: bitmap.width, height: bitmap.height, bytes: image.size });
    bitmap.close();
    setSource(null);
  }

  return (
    <Demo title="CropDialog">
      <div className="fd-gallery__actions">
        <Button variant="quiet" onClick={() => setSource(SAMPLE_PHOTO)}>
          {o('crop-sample')}
        </Button>
        <label className="fd-button fd-button--quiet fd-gallery__file">
          {o('crop-file')}
          <input type="file" accept="image/*" className="fd-visually-hidden" onChange={choose} />
        </label>
      </div>
      {cropped && (
        <figure className="fd-gallery__cropped">
          <img src={cropped.url} alt={o('cropped-alt')} data-type="image/webp" />
          <figcaption>{o('cropped', { width: cropped.width, height: cropped.height, size: (cropped.bytes / 1024).toFixed(1) })}</figcaption>
        </figure>
      )}
      <CropDialog
        open={source !== null}
        src={source}
        bounds={BOUNDS}
        texts={texts}
        onAccept={(image) => void accept(image)}
        onCancel={() => setSource(null)}
        onError={() => showToast(o('crop-error'), 'error')}
      />
    </Demo>
  );
}
