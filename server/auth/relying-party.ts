/**
 * The front door as a WebAuthn relying party (docs/decisions/0012-passkeys.md): its ID is the
 * product's domain (COOKIE_DOMAIN's name, else the front door's host), so a passkey works on every
 * front door under it; the only origin it accepts is PUBLIC_URL's. Challenges are random, named in
 * the database by their SHA-256, good for five minutes and taken once.
 */
import { sha256Hex } from './sha256';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/database-types';
import { insertChallenge, takeChallenge, type ChallengeRow } from '../db/passkeys';

export const CHALLENGE_SECONDS = 5 * 60;

/** The name authenticators show beside the account. */
export const RELYING_PARTY_NAME = 'Frontdoor';

export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function relyingParty(config: Pick<ServerConfig, 'cookieDomain' | 'publicUrl'>): RelyingParty {
  const url = new URL(config.publicUrl);
  return { rpID: config.cookieDomain || url.hostname, origin: url.origin };
}

/** Keeps a registration's challenge, bound to its user (a sign-in's is signed instead: server/auth/passkey-challenges.ts). */
export function rememberChallenge(db: Queryable, challenge: string, userId: string): Promise<void> {
  return insertChallenge(db, { hash: sha256Hex(challenge), userId, ttlSeconds: CHALLENGE_SECONDS });
}

/** The challenge the browser signed, as its client data names it; undefined when unreadable. */
export function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the registration's challenge the response signed: once, while fresh. */
export async function takeSignedChallenge(db: Queryable, clientDataJSON: string): Promise<{ challenge: string; bound: ChallengeRow } | undefined> {
  const challenge = signedChallenge(clientDataJSON);
  const bound = challenge === undefined ? undefined : await takeChallenge(db, sha256Hex(challenge));
  return challenge === undefined || bound === undefined ? undefined : { challenge, bound };
}
