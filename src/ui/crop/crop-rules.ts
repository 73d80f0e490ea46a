/** The crop rules and constants of flows 3, 5 and 9, apart from the cropper that applies them. */

/** How the image is held inside the crop area (flows 9). */
export type RestrictionMode = 'fill-area' | 'fit-area' | 'stencil' | 'none';

/**
 * cropperjs view modes for each restriction: fill-area keeps the image covering the area, fit-area
 * keeps it inside, stencil keeps the crop box on the image, none sets no limit.
 */
export const VIEW_MODES: Record<RestrictionMode, 0 | 1 | 2 | 3> = { none: 0, stencil: 1, 'fit-area': 2, 'fill-area': 3 };

/** Spec 9. */
export const CROP_LIMITS = {
  /** Upper bound of the minimum crop width, in image pixels. */
  minCropWidthCap: 700,
  /** Long side of the preview handed out on change. */
  previewMaxSide: 1024,
  changeDebounceMs: 500,
  wheelZoomRatio: 0.1,
  /** Smallest crop box a person can drag at zoom 1, in screen pixels; it grows with the zoom. */
  minInteractiveSize: 20,
  /** How far a finger moves before the touch becomes a drag of the crop, in screen pixels. */
  touchDragActivation: 20,
  outputType: 'image/webp',
} as const;

/** Size limits of the output image, in pixels (flows 5). */
export interface CropBounds {
  minWidth?: number;
  minHeight?: number;
  maxWidth: number;
  maxHeight: number;
}

/** The crop result of flows 3. */
export interface CropResult {
  canvas: HTMLCanvasElement;
  coordinates: { left: number; top: number; width: number; height: number };
  transforms: { rotate: number; flipHorizontal: boolean; flipVertical: boolean };
}

/** The crop's fixed aspect ratio: maximum width divided by maximum height (flows 5). */
export function cropAspectRatio({ maxWidth, maxHeight }: CropBounds): number {
  return maxWidth / maxHeight;
}

/** The smallest crop width: the least of 700 px, the image width and the image height times the ratio (flows 5). */
export function minimumCropWidth(imageWidth: number, imageHeight: number, ratio: number): number {
  return Math.min(CROP_LIMITS.minCropWidthCap, imageWidth, imageHeight * ratio);
}

/**
 * The smallest crop box a person can drag, in screen pixels: 20 px times the zoom (flows 9), the zoom
 * being 1 as the image is first shown in the dialog, 2 once it is shown twice as large.
 */
export function minimumCropBoxSize(zoom: number): number {
  return CROP_LIMITS.minInteractiveSize * zoom;
}

/**
 * The least crop width in image pixels at a zoom: the minimum crop width (flows 5), and wide enough
 * that neither side of the box is smaller on screen than `minimumCropBoxSize` (flows 9). `scale` is
 * the screen pixels an image pixel takes at that zoom; `ratio` the crop's width over its height.
 */
export function leastCropWidth(minimumWidth: number, zoom: number, scale: number, ratio: number): number {
  return Math.max(minimumWidth, (minimumCropBoxSize(zoom) * Math.max(1, ratio)) / scale);
}

/**
 * `anonymous` for an image on another origin, so its pixels can be read back from the canvas; nothing
 * for local file, blob and data URLs or the page's own origin (flows 7).
 */
export function crossOriginFor(src: string, pageOrigin: string): 'anonymous' | undefined {
  if (/^(data|blob|file):/i.test(src)) return undefined;
  try {
    return new URL(src, pageOrigin).origin === pageOrigin ? undefined : 'anonymous';
  } catch {
    return undefined;
  }
}

/** The crop's area and transforms as cropperjs reports them, in the shape of flows 3. */
export function toCropResult(
  canvas: HTMLCanvasElement,
  data: { x: number; y: number; width: number; height: number; rotate: number; scaleX: number; scaleY: number },
): CropResult {
  return {
    canvas,
    coordinates: { left: Math.round(data.x), top: Math.round(data.y), width: Math.round(data.width), height: Math.round(data.height) },
    transforms: { rotate: data.rotate, flipHorizontal: data.scaleX < 0, flipVertical: data.scaleY < 0 },
  };
}
