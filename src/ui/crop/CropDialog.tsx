import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import Cropper from 'cropperjs';
import { Dialog, DialogHeading } from '@ariakit/react';
import { useScrollLock } from '../overlays/use-scroll-lock';
import { useHandler } from '../hooks/effect-handlers';
import { CropToolbar } from './CropToolbar';
import { holdTouchDrags } from './touch-drag-threshold';
import {
  CROP_LIMITS,
  VIEW_MODES,
  cropAspectRatio,
  crossOriginFor,
  leastCropWidth,
  minimumCropWidth,
  toCropResult,
  type CropBounds,
  type CropResult,
  type RestrictionMode,
} from './crop-rules';
import type { CropDialogTexts } from './crop-texts';

export interface CropDialogProps {
  open: boolean;
  /** The image: a local file, blob or data URL, or an address on another origin (flows 7). */
  src: string | null;
  bounds: CropBounds;
  restriction?: RestrictionMode;
  texts: CropDialogTexts;
  /** The cropped image as WebP, bounded by `bounds`, with the crop result (flows 3, 4). */
  onAccept: (image: Blob, result: CropResult) => void;
  onCancel: () => void;
  /** The image failed to load; the dialog has cleared it (flows 4). */
  onError?: (event: SyntheticEvent<HTMLImageElement>) => void;
  /** The crop as it changes, 500 ms after the last move, on a preview at most 1024 px long (flows 9). */
  onChange?: (result: CropResult) => void;
  /** WebP quality from 0 to 1. */
  quality?: number;
}

/** Screen pixels an image pixel takes now: the canvas's width over its natural width. */
function scaleOf(cropper: Cropper): number {
  const canvas = cropper.getCanvasData();
  return canvas.width / canvas.naturalWidth;
}

/** Console messages of flows 8. */
export const CROP_WARNINGS = {
  noCanvas: 'Could not retrieve canvas: nothing was cropped.',
  emptyImage: 'Image is empty: nothing to crop.',
  cannotFit: 'Impossible to fit the cropper in the container: it has no size.',
} as const;

/**
 * A full-screen dark dialog to crop an image with cropperjs, with Accept and Cancel (flows 2, 4, 5, 9).
 * The aspect ratio is max width / max height, the crop is never narrower than the minimum crop width
 * nor smaller on screen than 20 px times the zoom, and Accept hands out a WebP blob bounded by the
 * given sizes. The toolbar's and the wheel's moves and zooms ease over 350 ms (css/crop-dialog.css);
 * a pointer's drag follows the pointer. The page does not scroll meanwhile.
 *
 * @example
 * <CropDialog open={!!file} src={fileUrl} bounds={{ minWidth: 200, minHeight: 200, maxWidth: 800, maxHeight: 800 }} texts={cropTexts} onAccept={upload} onCancel={close} />
 */
export function CropDialog({ open, src, bounds, restriction = 'fit-area', texts, onAccept, onCancel, onError, onChange, quality }: CropDialogProps) {
  const [source, setSource] = useState(src);
  // State, not a ref: the dialog's portal may mount the image after this component's effects ran.
  const [element, setElement] = useState<HTMLImageElement | null>(null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  // The cropper's own moves and zooms ease (flows 9) once it is ready, and never under a pointer's drag.
  const [easing, setEasing] = useState(false);
  const cropper = useRef<Cropper | null>(null);
  const changeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef({ onChange, bounds });
  latest.current = { onChange, bounds };
  useScrollLock(open);
  useEffect(() => setSource(src), [src, open]);
  useEffect(() => {
    if (open && !src) console.warn(CROP_WARNINGS.emptyImage);
  }, [open, src]);
  useEffect(() => (stage ? holdTouchDrags(stage, CROP_LIMITS.touchDragActivation) : undefined), [stage]);
  // Made with the props of the render the image loads in, without remaking the cropper when they change.
  const makeCropper = useHandler(createCropper);
  // The cropper lives as long as its image element: made once the image has loaded (now, if it
  // already has), destroyed with that element or on close.
  useEffect(() => {
    if (!open || !element) return;
    let instance: Cropper | undefined;
    const begin = () => {
      instance = makeCropper(element);
      cropper.current = instance;
    };
    if (element.complete && element.naturalWidth > 0) begin();
    else element.addEventListener('load', begin, { once: true });
    return () => {
      element.removeEventListener('load', begin);
      clearTimeout(changeTimer.current);
      instance?.destroy();
      if (cropper.current === instance) cropper.current = null;
      setEasing(false);
    };
  }, [open, element, makeCropper]);

  function createCropper(loaded: HTMLImageElement): Cropper {
    const container = loaded.parentElement;
    if (!container?.clientWidth || !container.clientHeight) console.warn(CROP_WARNINGS.cannotFit);
    const ratio = cropAspectRatio(latest.current.bounds);
    const minWidth = minimumCropWidth(loaded.naturalWidth, loaded.naturalHeight, ratio);
    // The image's scale as first shown, zoom 1 (flows 9); known once the cropper is ready.
    let fittedScale: number | undefined;
    // Widening the crop is a crop of its own: one at a time, so a crop the cropper cannot widen stays as it is.
    let widening = false;
    const created: Cropper = new Cropper(loaded, {
      viewMode: VIEW_MODES[restriction],
      aspectRatio: ratio,
      autoCropArea: 1,
      background: false,
      checkCrossOrigin: false,
      // The browser already shows and draws a photo as its Exif orientation says (the baseline
      // browsers all do); cropperjs's own reading rotates it again and leaves bars in the crop.
      checkOrientation: false,
      wheelZoomRatio: CROP_LIMITS.wheelZoomRatio,
      // No fixed minimum of cropperjs's own: the smallest box follows the zoom, held in `crop` below.
      ready() {
        fittedScale = scaleOf(created);
        setEasing(true);
      },
      cropstart: () => setEasing(false),
      cropend: () => setEasing(true),
      crop(cropEvent) {
        const least = leastWidth();
        if (!widening && cropEvent.detail.width < least - 0.5) {
          widening = true;
          created.setData({ width: least });
          widening = false;
        }
        clearTimeout(changeTimer.current);
        changeTimer.current = setTimeout(emitChange, CROP_LIMITS.changeDebounceMs);
      },
    });
    /** Never narrower than the minimum crop width, nor smaller on screen than 20 px times the zoom (flows 5, 9). */
    function leastWidth(): number {
      if (!fittedScale) return minWidth;
      const scale = scaleOf(created);
      return leastCropWidth(minWidth, scale / fittedScale, scale, ratio);
    }
    return created;
  }

  function emitChange() {
    const current = cropper.current;
    const preview = current?.getCroppedCanvas({ maxWidth: CROP_LIMITS.previewMaxSide, maxHeight: CROP_LIMITS.previewMaxSide });
    if (current && preview) latest.current.onChange?.(toCropResult(preview, current.getData()));
  }

  function accept() {
    const current = cropper.current;
    const { minWidth, minHeight, maxWidth, maxHeight } = bounds;
    const canvas = current?.getCroppedCanvas({ minWidth, minHeight, maxWidth, maxHeight, imageSmoothingQuality: 'high' });
    if (!current || !canvas) return console.warn(CROP_WARNINGS.noCanvas);
    const result = toCropResult(canvas, current.getData());
    canvas.toBlob((blob) => (blob ? onAccept(blob, result) : console.warn(CROP_WARNINGS.noCanvas)), CROP_LIMITS.outputType, quality);
  }

  function fail(event: SyntheticEvent<HTMLImageElement>) {
    setSource(null);
    onError?.(event);
  }

  return (
    <Dialog open={open} onClose={onCancel} preventBodyScroll={false} unmountOnHide className="fd-crop-dialog">
      <header className="fd-crop-dialog__bar">
        <DialogHeading className="fd-crop-dialog__title">{texts.title}</DialogHeading>
        <CropToolbar texts={texts} cropper={cropper} disabled={!source} />
      </header>
      <div className="fd-crop-dialog__stage" ref={setStage} data-easing={easing || undefined}>
        {source && (
          <img
            key={source}
            ref={setElement}
            className="fd-crop-dialog__image"
            src={source}
            alt=""
            crossOrigin={crossOriginFor(source, location.origin)}
            onError={fail}
          />
        )}
      </div>
      <footer className="fd-crop-dialog__bar fd-crop-dialog__actions">
        <button type="button" className="fd-crop-dialog__button" onClick={onCancel}>
          {texts.cancel}
        </button>
        <button type="button" className="fd-crop-dialog__button fd-crop-dialog__button--primary" onClick={accept} disabled={!source}>
          {texts.accept}
        </button>
      </footer>
    </Dialog>
  );
}
