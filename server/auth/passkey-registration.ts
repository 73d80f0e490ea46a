/**
 * Adding, listing and removing a signed-in user's passkeys (flows 4.14). A passkey is added or
 * removed only by a session whose user proved who they are in the last ten minutes with everything
 * they have: the password, and the TOTP code when the user has TOTP, or a passkey; a recovery code
 * proves less (server/auth/factor-changes.ts). A stolen older session cannot add its own key or
 * remove the owner's, and a SAML session's proof is its identity provider's
 * (docs/decisions/0012-passkeys.md). The owner is told of each by mail (server/auth/account-alerts.ts).
 */
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Services } from '../services';
import { audit } from '../db/audit';
import { deletePasskey, insertPasskey, passkeysOf, type PasskeyRow } from '../db/passkeys';
import { lockSessionUser, mayChangeFactors } from './factor-changes';
import { withMail } from './mail-intents';
import { LIMITS, enforce } from './rate-limit';
import { CHALLENGE_SECONDS, RELYING_PARTY_NAME, relyingParty, rememberChallenge, takeSignedChallenge } from './relying-party';
import type { VerifiedSession } from './tokens';

/** Who asks, from where. */
export interface PasskeyRequest {
  session: VerifiedSession;
  clientAddress: string;
}

export type PasskeyOptions = { kind: 'options'; options: PublicKeyCredentialCreationOptionsJSON } | { kind: 'recent-sign-in-required' };

/** A passkey as its owner sees it in the list. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
}

const summaryOf = (row: PasskeyRow): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  backedUp: row.backed_up,
});

export type PasskeyAdded = { kind: 'added'; passkey: PasskeySummary } | { kind: 'recent-sign-in-required' } | { kind: 'rejected' };

/** The user's ID as the authenticator keeps it (the user handle): the UUID's 16 bytes. */
export const userHandleOf = (userId: string) => new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));

/** Throws TooManyRequests when the user must wait. */
export async function passkeyRegistrationOptions(services: Services, { session, clientAddress }: PasskeyRequest): Promise<PasskeyOptions> {
  const { db, config } = services;
  const { user } = session;
  await enforce(db, LIMITS.addPasskey, user.id);
  if (!mayChangeFactors(session)) {
    await audit(db, clientAddress, 'passkey.refused', { userId: user.id, detail: { code: 'recent_sign_in_required' } });
    return { kind: 'recent-sign-in-required' };
  }
  const existing = await passkeysOf(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: RELYING_PARTY_NAME,
    rpID: relyingParty(config).rpID,
    userID: userHandleOf(user.id),
    userName: user.email,
    userDisplayName: user.email,
    timeout: CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    // A key the authenticator already holds for this user is not offered again.
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    // Discoverable, so the e-mail step can offer it; verified, so it counts as both factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await rememberChallenge(db, options.challenge, user.id);
  return { kind: 'options', options };
}

/** The name of a passkey added without one: its place among the user's passkeys. */
const defaultName = (count: number) => `Passkey ${count + 1}`;

/**
 * The authenticator's answer to the options above adds the passkey: its challenge once and for this
 * user only, PUBLIC_URL's origin, the relying party's ID, the user verified.
 */
export async function addPasskey(
  services: Services,
  { session, clientAddress }: PasskeyRequest,
  input: { response: RegistrationResponseJSON; name?: string | undefined },
): Promise<PasskeyAdded> {
  const { db, config } = services;
  const { user } = session;
  await enforce(db, LIMITS.addPasskey, user.id);
  if (!mayChangeFactors(session)) return { kind: 'recent-sign-in-required' };
  const rejected = async (reason: string): Promise<PasskeyAdded> => {
    await audit(db, clientAddress, 'passkey.rejected', { userId: user.id, detail: { reason } });
    return { kind: 'rejected' };
  };
  const taken = await takeSignedChallenge(db, input.response.response.clientDataJSON);
  if (!taken || taken.bound.user_id !== user.id) return rejected('challenge');
  const { rpID, origin } = relyingParty(config);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    return rejected('verification');
  }
  if (!verification.verified) return rejected('verification');
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const name = input.name?.trim() || defaultName((await passkeysOf(db, user.id)).length);
  const passkey = await withMail(services, async (tx, queue) => {
    await lockSessionUser(tx, session);
    const added = await insertPasskey(tx, {
      id: credential.id,
      user_id: user.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      device_type: credentialDeviceType,
      backed_up: credentialBackedUp,
      name,
    });
    if (!added) return undefined;
    await queue({ kind: 'account-alert', params: { userId: user.id, event: 'passkey-added' } });
    await audit(tx, clientAddress, 'passkey.added', { userId: user.id, detail: { deviceType: credentialDeviceType } });
    return added;
  });
  // A credential ID is registered once, to one user.
  if (!passkey) return rejected('duplicate');
  return { kind: 'added', passkey: summaryOf(passkey) };
}

export async function listPasskeys(services: Services, userId: string): Promise<PasskeySummary[]> {
  return (await passkeysOf(services.db, userId)).map(summaryOf);
}

export type PasskeyRemoved = { kind: 'removed' } | { kind: 'not-found' } | { kind: 'recent-sign-in-required' };

/** Removes one of the session's user's passkeys. */
export async function removePasskey(services: Services, { session, clientAddress }: PasskeyRequest, passkeyId: string): Promise<PasskeyRemoved> {
  const { user } = session;
  if (!mayChangeFactors(session)) {
    await audit(services.db, clientAddress, 'passkey.refused', { userId: user.id, detail: { code: 'recent_sign_in_required', removing: true } });
    return { kind: 'recent-sign-in-required' };
  }
  const removed = await withMail(services, async (tx, queue) => {
    await lockSessionUser(tx, session);
    if (!(await deletePasskey(tx, user.id, passkeyId))) return false;
    await queue({ kind: 'account-alert', params: { userId: user.id, event: 'passkey-removed' } });
    await audit(tx, clientAddress, 'passkey.removed', { userId: user.id });
    return true;
  });
  return removed ? { kind: 'removed' } : { kind: 'not-found' };
}
