/**
 * A software authenticator for API tests: real WebAuthn answers (CTAP2 "none" attestation, ES256
 * assertions) built with node:crypto and a small CBOR encoder, so the server's checks run against
 * what a browser would send, each field changeable to what an attacker would send.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 255]);
  const big = Buffer.alloc(5);
  big[0] = (major << 5) | 26;
  big.writeUInt32BE(length, 1);
  return big;
}

/** The CBOR (RFC 8949) of the few shapes WebAuthn uses: integers, text, bytes, arrays, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_DATA = 0x40;

/** What a test may set differently from an honest browser and authenticator. */
export interface Tampering {
  origin?: string;
  rpID?: string;
  counter?: number;
  userVerified?: boolean;
  type?: string;
}

export interface SoftwareAuthenticator {
  id: string;
  register(options: { challenge: string; user: { id: string } }, tampering?: Tampering): RegistrationAnswer;
  authenticate(options: { challenge: string }, tampering?: Tampering): AuthenticationAnswer;
}

export interface RegistrationAnswer {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
}

export interface AuthenticationAnswer {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string };
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  // kty EC2, alg ES256, crv P-256, x, y (RFC 9053).
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

/** A synced (backed-up) passkey on a new P-256 key, its counter starting at 0. */
export function softwareAuthenticator(relyingParty: { rpID: string; origin: string }): SoftwareAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rawId = randomBytes(32);
  const id = b64url(rawId);
  let counter = 0;
  let userHandle = '';

  const clientData = (type: string, challenge: string, tampering: Tampering) =>
    Buffer.from(JSON.stringify({ type: tampering.type ?? type, challenge, origin: tampering.origin ?? relyingParty.origin, crossOrigin: false }));

  function authenticatorData(tampering: Tampering, signCount: number, attested?: Buffer): Buffer {
    const flags =
      FLAG_USER_PRESENT |
      (tampering.userVerified === false ? 0 : FLAG_USER_VERIFIED) |
      FLAG_BACKUP_ELIGIBLE |
      FLAG_BACKED_UP |
      (attested ? FLAG_ATTESTED_DATA : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(signCount);
    return Buffer.concat([sha256(tampering.rpID ?? relyingParty.rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  return {
    id,
    register(options, tampering = {}) {
      userHandle = options.user.id;
      const length = Buffer.from([rawId.length >> 8, rawId.length & 255]);
      const attested = Buffer.concat([Buffer.alloc(16), length, rawId, coseKey(publicKey)]);
      const authData = authenticatorData(tampering, counter, attested);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, tampering)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },
    authenticate(options, tampering = {}) {
      counter = tampering.counter ?? counter + 1;
      const authData = authenticatorData(tampering, counter);
      const clientDataJSON = clientData('webauthn.get', options.challenge, tampering);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle },
      };
    },
  };
}
