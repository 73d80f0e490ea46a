/**
 * Signing in with a passkey from the e-mail step (flows 4.14): options for any discoverable
 * passkey of this relying party, with a signed challenge bound to the e-mail typed when there is
 * one (server/auth/passkey-challenges.ts: asking stores nothing), then the authenticator's answer
 * checked against them, its challenge spent once the answer verified. A passkey is both factors (`amr` hwk or swk, and
 * user), so the session meets policy REQUIRED without TOTP; it reaches what a password sign-in
 * reaches, and a user whose organisations all sign in through SAML only is refused, as with a
 * password. Answers are throttled per address, and per e-mail like a password once the passkey
 * names its user (server/auth/login-throttle.ts).
 */
import { sha256Hex } from './sha256';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Services } from '../services';
import { audit } from '../db/audit';
import { userOrganizations } from '../db/memberships';
import { findPasskey, recordPasskeyUse, spendPasskeyChallenge } from '../db/passkeys';
import { findUserById } from '../db/users';
import { isSamlOnly } from './accounts';
import { claimAttempt, type SignedIn } from './password-sign-in';
import { userHandleOf } from './passkey-registration';
import { LIMITS, limitByAddress } from './rate-limit';
import { CHALLENGE_SECONDS, relyingParty, signedChallenge } from './relying-party';
import { signInToken } from './sign-in';

export type PasskeySignIn = SignedIn | { kind: 'rejected' } | { kind: 'saml-only' };

/** Throws TooManyRequests when the address must wait. */
export async function passkeySignInOptions(
  services: Services,
  input: { email?: string | undefined; clientAddress: string },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { db, config } = services;
  await limitByAddress(db, LIMITS.passkeys, input.clientAddress);
  // No allowCredentials: the answer reads the same for every e-mail, known or not.
  return generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    userVerification: 'required',
    timeout: CHALLENGE_SECONDS * 1000,
    challenge: services.passkeyChallenges.issue(CHALLENGE_SECONDS, input.email),
  });
}

/** Throws TooManyRequests when the e-mail or the address must wait. */
export async function signInWithPasskey(
  services: Services,
  input: { response: AuthenticationResponseJSON; clientAddress: string; userAgent?: string | undefined; device?: string | undefined },
): Promise<PasskeySignIn> {
  const { db, config } = services;
  const { response, clientAddress } = input;
  await limitByAddress(db, LIMITS.passkeys, clientAddress);
  const rejected = async (reason: string, userId?: string): Promise<PasskeySignIn> => {
    await audit(db, clientAddress, 'login.passkey_failed', { userId, detail: { reason } });
    return { kind: 'rejected' };
  };
  const challenge = signedChallenge(response.response.clientDataJSON);
  const opened = challenge === undefined ? undefined : services.passkeyChallenges.open(challenge);
  if (challenge === undefined || !opened) return rejected('challenge');
  const passkey = await findPasskey(db, response.id);
  const user = passkey && (await findUserById(db, passkey.user_id));
  if (!passkey || !user) return rejected('unknown-passkey');
  // The passkey of another account than the e-mail typed does not sign in as that one.
  if (opened.emailHash && !opened.emailHash.equals(services.passkeyChallenges.emailHash(user.email))) return rejected('other-account', user.id);
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandleOf(user.id)).toString('base64url')) return rejected('user-handle', user.id);

  const attempt = await claimAttempt(services, clientAddress, user.email);
  const { rpID, origin } = relyingParty(config);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    // A wrong origin or relying party, a bad signature, a counter that went back (a cloned key).
    return rejected('verification', user.id);
  }
  const { verified, authenticationInfo } = verification;
  if (!verified) return rejected('verification', user.id);
  if (!(await spendPasskeyChallenge(db, sha256Hex(challenge), opened.expiresAt))) return rejected('challenge-used', user.id);
  const used = await recordPasskeyUse(db, {
    id: passkey.id,
    seenCounter: passkey.counter,
    counter: authenticationInfo.newCounter,
    backedUp: authenticationInfo.credentialBackedUp,
  });
  if (!used) return rejected('concurrent-use', user.id);

  const organizations = await userOrganizations(db, user.id);
  if (isSamlOnly(organizations)) {
    // The key was right: not a failed sign-in, but this account signs in through its identity provider.
    await attempt.notAFailure();
    await audit(db, clientAddress, 'login.failed', { userId: user.id, detail: { reason: 'saml-only', method: 'passkey' } });
    return { kind: 'saml-only' };
  }
  await attempt.succeeded();
  const method = authenticationInfo.credentialDeviceType === 'multiDevice' ? 'swk' : 'hwk';
  const client = { address: clientAddress, userAgent: input.userAgent, device: input.device };
  const answer = await signInToken(services, user, { via: 'passkey' }, [method, 'user'], client, organizations);
  await audit(db, clientAddress, 'login.succeeded', { userId: user.id, detail: { method: 'passkey', purpose: answer.purpose } });
  return { kind: 'signed-in', context: answer.contexts[0] ?? config.tokenAudience, token: answer.token, termsAccepted: answer.termsAccepted };
}
