import type { RefObject } from 'react';
import type Cropper from 'cropperjs';
import type { CropDialogTexts } from './crop-texts';
import { IconButton } from '../navigation/IconButton';

interface CropToolbarProps {
  texts: Pick<CropDialogTexts, 'zoomIn' | 'zoomOut' | 'rotateLeft' | 'rotateRight' | 'flipHorizontal' | 'flipVertical'>;
  cropper: RefObject<Cropper | null>;
  disabled: boolean;
}

const ICONS = {
  zoomIn: 'M11 5a6 6 0 1 0 0 12a6 6 0 0 0 0-12zM15.5 15.5L20 20M8 11h6M11 8v6',
  zoomOut: 'M11 5a6 6 0 1 0 0 12a6 6 0 0 0 0-12zM15.5 15.5L20 20M8 11h6',
  rotateLeft: 'M4 9a8 8 0 1 1 1 7M4 4v5h5',
  rotateRight: 'M20 9a8 8 0 1 0-1 7M20 4v5h-5',
  flipHorizontal: 'M12 3v18M9 7L4 17h5zM15 7l5 10h-5z',
  flipVertical: 'M3 12h18M7 9L17 4v5zM7 15l10 5v-5z',
} as const;

/** Zoom, rotate and flip by button, so the crop works by keyboard as well as by pointer. */
export function CropToolbar({ texts, cropper, disabled }: CropToolbarProps) {
  const actions: Record<keyof typeof ICONS, (current: Cropper) => void> = {
    zoomIn: (current) => current.zoom(0.1),
    zoomOut: (current) => current.zoom(-0.1),
    rotateLeft: (current) => current.rotate(-90),
    rotateRight: (current) => current.rotate(90),
    flipHorizontal: (current) => current.scaleX(-current.getData().scaleX || -1),
    flipVertical: (current) => current.scaleY(-current.getData().scaleY || -1),
  };
  return (
    <div className="fd-crop-dialog__tools">
      {(Object.keys(ICONS) as (keyof typeof ICONS)[]).map((name) => (
        <IconButton
          key={name}
          label={texts[name]}
          className="fd-crop-dialog__tool"
          disabled={disabled}
          onClick={() => cropper.current && actions[name](cropper.current)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d={ICONS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </IconButton>
      ))}
    </div>
  );
}
