import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  /** The private JWK with its kid, for the OpenID Provider's engine, which signs ID tokens with it (server/oidc/provider.ts). */
  privateJwk: JWK;
}

async function fromJwk(jwk: JWK): Promise<SigningKey> {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) throw new Error('The signing key must be a P-256 private JWK.');
  const { d: _private, ...publicJwk } = jwk;
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    privateKey: (await importJWK(jwk, 'ES256')) as CryptoKey,
    publicKey: (await importJWK(publicJwk, 'ES256')) as CryptoKey,
    publicJwk: { kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x, y: publicJwk.y, kid, alg: 'ES256', use: 'sig' },
    privateJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, d: jwk.d, kid, alg: 'ES256', use: 'sig' },
  };
}

export async function generateSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return exportJWK(privateKey);
}

/**
 * The ES256 key that signs every token: given by configuration (SIGNING_KEY, shared by instances
 * side by side), or kept in the data directory, made on first start and readable by the owner only.
 */
export async function loadSigningKey(options: { signingKey?: string | undefined; dataDir: string }): Promise<SigningKey> {
  if (options.signingKey) return fromJwk(JSON.parse(options.signingKey) as JWK);
  const file = join(options.dataDir, 'signing-key.json');
  if (existsSync(file)) return fromJwk(JSON.parse(readFileSync(file, 'utf8')) as JWK);
  mkdirSync(options.dataDir, { recursive: true });
  const jwk = await generateSigningJwk();
  writeFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
  chmodSync(file, 0o600);
  return fromJwk(jwk);
}
