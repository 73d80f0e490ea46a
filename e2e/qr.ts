/** Reads a QR code from a screenshot, as a phone's camera would: pixels, not the page's text. */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Locator } from '@playwright/test';

export async function readQrCode(image: Locator): Promise<string> {
  const png = PNG.sync.read(await image.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('No QR code could be read from the rendered image.');
  return code.data;
}
