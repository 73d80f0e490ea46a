/**
 * The challenges of passkey sign-ins, which anyone may ask for: signed, not stored, so asking
 * writes nothing and a flood of requests fills no table (per-address limits alone would not bound
 * it). A challenge carries a random part, its expiry and, when the person typed an e-mail first,
 * a hash of that e-mail, under an HMAC whose key is derived from the TOTP key, which every
 * instance shares. It is spent once, when an assertion with it has verified: only a real passkey's
 * answer stores anything (server/db/passkeys.ts, spendPasskeyChallenge).
 */
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 1;
const RANDOM_BYTES = 16;
const HASH_BYTES = 16;
const MAC_BYTES = 16;
/** version, flags, random, expiry (seconds, 4 bytes), e-mail hash, MAC */
const LENGTH = 1 + 1 + RANDOM_BYTES + 4 + HASH_BYTES + MAC_BYTES;
const BOUND_TO_EMAIL = 1;

/** A valid challenge: when it expires and the e-mail it is bound to, as a hash, if any. */
export interface OpenedChallenge {
  expiresAt: number;
  emailHash: Buffer | undefined;
}

export interface PasskeyChallenges {
  /** A new challenge good for `ttlSeconds`, bound to the e-mail typed, if any. */
  issue(ttlSeconds: number, email?: string): Uint8Array<ArrayBuffer>;
  /** The challenge's content when the server signed it and it has not expired; undefined otherwise. */
  open(challenge: string): OpenedChallenge | undefined;
  /** The hash a challenge bound to this e-mail carries (e-mails match ignoring case). */
  emailHash(email: string): Buffer;
}

export function passkeyChallenges(totpKey: Buffer): PasskeyChallenges {
  const key = Buffer.from(hkdfSync('sha256', totpKey, Buffer.alloc(0), 'frontdoor passkey challenges', 32));
  const mac = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);
  const emailHash = (email: string) => createHash('sha256').update(email.toLowerCase()).digest().subarray(0, HASH_BYTES);
  return {
    issue(ttlSeconds, email) {
      const body = Buffer.alloc(LENGTH - MAC_BYTES);
      body[0] = VERSION;
      body[1] = email === undefined ? 0 : BOUND_TO_EMAIL;
      randomBytes(RANDOM_BYTES).copy(body, 2);
      body.writeUInt32BE(Math.floor(Date.now() / 1000) + ttlSeconds, 2 + RANDOM_BYTES);
      if (email !== undefined) emailHash(email).copy(body, 2 + RANDOM_BYTES + 4);
      return Uint8Array.from(Buffer.concat([body, mac(body)]));
    },
    open(challenge) {
      const bytes = Buffer.from(challenge, 'base64url');
      if (bytes.length !== LENGTH || bytes[0] !== VERSION || bytes.toString('base64url') !== challenge) return undefined;
      const body = bytes.subarray(0, LENGTH - MAC_BYTES);
      if (!timingSafeEqual(mac(body), bytes.subarray(LENGTH - MAC_BYTES))) return undefined;
      const expiresAt = body.readUInt32BE(2 + RANDOM_BYTES);
      if (expiresAt <= Date.now() / 1000) return undefined;
      const bound = ((body[1] ?? 0) & BOUND_TO_EMAIL) !== 0;
      return { expiresAt, emailHash: bound ? Buffer.from(body.subarray(2 + RANDOM_BYTES + 4)) : undefined };
    },
    emailHash,
  };
}
