/**
 * The QR code of an otpauth:// URI (flows 4.6), as one SVG path: scalable, crisp at any size and
 * drawn without an image request. Error correction M keeps it readable from a phone screen.
 */
import qrcode from 'qrcode-generator';

/** Modules of light border around the code, which QR readers need (the standard asks for 4). */
export const QUIET_ZONE = 4;

export interface QrDrawing {
  /** Width and height in modules, border included. */
  size: number;
  /** The dark modules as an SVG path. */
  path: string;
}

export function drawQr(text: string): QrDrawing {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (code.isDark(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: count + QUIET_ZONE * 2, path };
}

/** The base32 secret of an otpauth:// URI, for people who type it instead of scanning. */
export function secretOf(uri: string): string | undefined {
  const query = uri.split('?')[1];
  return query ? (new URLSearchParams(query).get('secret') ?? undefined) : undefined;
}

/** The secret in groups of four, as authenticator apps show and people read it. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
