/**
 * Compact JWS with ES256 (RFC 7515, RFC 7518 section 3.4), signed in the calling thread. jose's
 * SignJWT signs through WebCrypto, which hands each signature to libuv's pool and back: on the one
 * core of a sign-in's argon2id hash that hop cost more than the signature (docs/figures.md, "API
 * benchmark"). Tokens are still verified by jose (server/auth/tokens.ts).
 */
import { KeyObject, sign } from 'node:crypto';

const base64url = (json: object) => Buffer.from(JSON.stringify(json)).toString('base64url');

/** Signs header and payload, as given, with the P-256 private key; the header must name ES256. */
export function es256Signer(privateKey: CryptoKey) {
  const key = KeyObject.from(privateKey);
  return (header: { alg: 'ES256' } & Record<string, unknown>, payload: object): string => {
    const input = `${base64url(header)}.${base64url(payload)}`;
    return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
  };
}
