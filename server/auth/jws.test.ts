import { describe, expect, it } from 'vitest';
import { compactVerify, decodeProtectedHeader, generateKeyPair } from 'jose';
import { es256Signer } from './jws';

describe('ES256 compact JWS signed in the calling thread', () => {
  it('is verified by jose with the public key, with the header and payload as given', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const token = es256Signer(privateKey)({ alg: 'ES256', kid: 'k1', typ: 'session+jwt' }, { sub: 'user', contexts: ['acme'] });
    const { payload } = await compactVerify(token, publicKey, { algorithms: ['ES256'] });
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({ sub: 'user', contexts: ['acme'] });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: 'k1', typ: 'session+jwt' });
  });

  it('is refused by jose under another key', async () => {
    const signer = (await generateKeyPair('ES256')).privateKey;
    const other = (await generateKeyPair('ES256')).publicKey;
    const token = es256Signer(signer)({ alg: 'ES256' }, { sub: 'user' });
    await expect(compactVerify(token, other, { algorithms: ['ES256'] })).rejects.toThrow();
  });
});
