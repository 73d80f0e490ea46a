/** Texts of the crop dialog, already translated. */
export interface CropDialogTexts {
  title: string;
  accept: string;
  cancel: string;
  zoomIn: string;
  zoomOut: string;
  rotateLeft: string;
  rotateRight: string;
  flipHorizontal: string;
  flipVertical: string;
}
