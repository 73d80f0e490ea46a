/**
 * Text sealed with AES-256-GCM and bound to what it belongs to (the associated data: a user's id, an
 * organisation's id, a context), so a sealed value opens only where it was sealed: `v1:` +
 * base64url(12-byte IV, ciphertext, 16-byte tag). The TOTP secrets use it under TOTP_KEY itself
 * (server/auth/totp-secrets.ts); other uses under keys derived from it, one per purpose.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export const SEALED_PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SealedText {
  seal(boundTo: string, text: string): string;
  /** The text, or undefined when the value was not sealed with this key for `boundTo`, or was changed. */
  open(boundTo: string, sealed: string): string | undefined;
}

export function sealedText(key: Buffer): SealedText {
  return {
    seal(boundTo, text) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(boundTo, stored) {
      if (!stored.startsWith(SEALED_PREFIX)) return undefined;
      const sealed = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
      if (sealed.length < IV_BYTES + TAG_BYTES) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

/** A key of its own for one purpose, derived from the TOTP key that every instance shares. */
export const derivedKey = (totpKey: Buffer, purpose: string) => Buffer.from(hkdfSync('sha256', totpKey, Buffer.alloc(0), `frontdoor ${purpose}`, 32));

/** What an organisation's identity provider needs kept secret is sealed under this (server/services.ts, identityProviderSealing). */
export const identityProviderSealing = (totpKey: Buffer) => sealedText(derivedKey(totpKey, 'identity providers'));
