/**
 * The sign-in with e-mail and password (flows 4.3), and its code step when the user has TOTP
 * (flows 4.5), where a recovery code may stand in for the TOTP code: what the API's login
 * operations answer, without HTTP. Up to the password's verdict
 * a known and an unknown e-mail read the same; every attempt, with a password or a code, is
 * throttled alike (server/auth/login-throttle.ts).
 *
 * A right password that still needs its code starts a pending sign-in: a random value the browser
 * keeps in an HttpOnly cookie, stored here only as its hash, for five minutes. The code step can
 * then be completed with the code alone (`signInWithPendingCode`), after a reload too, with no
 * password kept where a script can read it (docs/decisions/0010-pending-sign-in.md). When the code
 * comes with the password again, as the app sends it, the pending sign-in proves that password
 * without a second argon2id.
 */
import { sha256Hex } from './sha256';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Services } from '../services';
import { audit } from '../db/audit';
import { userOrganizations } from '../db/memberships';
import type { OrganizationRow } from '../db/organizations';
import type { Queryable } from '../db/database-types';
import { deletePendingSignIn, findPendingSignIn, holdPendingSignIn, insertPendingSignIn } from '../db/pending-sign-ins';
import { claimTotpStep, findUserById, recordPasswordChecked, type UserRow } from '../db/users';
import { isSamlOnly } from './accounts';
import { claimLoginAttempt, claimPasswordLoginAttempt, type LoginAttempt } from './login-throttle';
import { verifyPassword } from './passwords';
import { PASSWORD_LISTS_VERSION, isGuessable } from './known-passwords';
import { signInToken, type MfaPolicy } from './sign-in';
import { matchingStep } from './totp';
import type { Client } from './sessions';
import type { AuthMethod } from './tokens';
import { useRecoveryCode } from './recovery-codes';
import { isMfaCode } from '../../rules/mfa-code';
import { TooManyRequests } from './errors';
import { withMail, type MailIntent } from './mail-intents';

/** How long a right password waits for its code. */
export const PENDING_SIGN_IN_SECONDS = 5 * 60;

export interface PasswordSignInInput {
  email: string;
  password: string;
  /** The code of the authenticator app, once the user was asked for it. */
  challenge?: string | undefined;
  /** The pending sign-in this browser holds already: replaced by a new one, ended by a sign-in. */
  heldPendingSignIn?: string | undefined;
  clientAddress: string;
  /** The browser's User-Agent header: a sign-in's session begins on it (server/auth/sessions.ts). */
  userAgent?: string | undefined;
  /** The browser's device cookie: a new one is mailed (server/auth/devices.ts). */
  device?: string | undefined;
}

/**
 * `policy` is there while the user has no TOTP yet: it decides whether setting it up may be skipped
 * (flows 6). `recoveryCodesLeft` is there when a recovery code stood in for the TOTP code (flows 4.5).
 * `termsAccepted`: the session's contexts whose current terms the user accepted (server/auth/sign-in.ts).
 */
export type SignedIn = {
  kind: 'signed-in';
  context: string;
  token: string;
  termsAccepted: string[];
  policy?: MfaPolicy;
  recoveryCodesLeft?: number;
  /** The password just proved is one attackers try first (server/auth/known-passwords.ts): the person is told, and not stopped. */
  passwordCompromised?: true;
};

export type PasswordSignIn =
  | SignedIn
  /** The value that names the new pending sign-in, for the browser's cookie only. */
  | { kind: 'code-required'; pendingSignIn: string }
  | { kind: 'invalid-code' }
  | { kind: 'invalid-credentials' };

export type CodeSignIn = SignedIn | { kind: 'invalid-code' } | { kind: 'sign-in-expired' };

/** Runs the claim of an attempt; a refusal for too many attempts is written to the audit log and thrown. */
async function audited<T>(services: Services, clientAddress: string, claim: () => Promise<T>): Promise<T> {
  try {
    return await claim();
  } catch (error) {
    // Only a refusal: a database that does not answer is no throttling, and is not asked again.
    if (error instanceof TooManyRequests) await audit(services.db, clientAddress, 'login.throttled');
    throw error;
  }
}

/** Claims the attempt; a refusal for too many attempts is written to the audit log and thrown. */
export function claimAttempt(services: Services, clientAddress: string, email: string): Promise<LoginAttempt> {
  return audited(services, clientAddress, () => claimLoginAttempt(services.db, clientAddress, email));
}

/** What the second factor proved: a TOTP code, or a recovery code with how many are left after it. */
type SecondFactor = { kind: 'totp' } | { kind: 'recovery-code'; left: number } | { kind: 'wrong' };

/**
 * The code of the user's TOTP secret (as stored), each step once, or one of their recovery codes,
 * each once (flows 4.5), claimed in the caller's transaction; the owner is told of a recovery code
 * by mail (server/auth/account-alerts.ts). A wrong one is written to the audit log and counts like a
 * wrong TOTP code.
 */
async function secondFactor(
  services: Services,
  tx: Queryable,
  queue: (intent: MailIntent) => Promise<void>,
  { user, storedSecret, challenge, clientAddress }: { user: UserRow; storedSecret: string; challenge: string; clientAddress: string },
): Promise<SecondFactor> {
  if (isMfaCode(challenge)) {
    const step = matchingStep(services.totpSecrets.open(user.id, storedSecret), challenge);
    if (step !== undefined && (await claimTotpStep(tx, user.id, step))) return { kind: 'totp' };
  } else {
    const left = await useRecoveryCode(tx, services.recoveryCodes, user.id, challenge);
    if (left !== undefined) {
      await queue({ kind: 'account-alert', params: { userId: user.id, event: 'recovery-code-used', recoveryCodesLeft: left } });
      await audit(tx, clientAddress, 'login.recovery_code_used', { userId: user.id, detail: { left } });
      return { kind: 'recovery-code', left };
    }
  }
  await audit(tx, clientAddress, 'login.mfa_failed', { userId: user.id });
  return { kind: 'wrong' };
}

/** The session of a user who proved who they are; the attempt's failure count is forgiven. */
async function signedIn(
  services: Services,
  user: UserRow,
  organizations: OrganizationRow[],
  attempt: LoginAttempt,
  client: Client,
  factor?: SecondFactor,
): Promise<SignedIn> {
  const amr: AuthMethod[] = !user.totp_secret ? ['pwd'] : factor?.kind === 'recovery-code' ? ['pwd', 'otp', 'rec'] : ['pwd', 'otp'];
  const answer = await signInToken(services, user, { via: 'password' }, amr, client, organizations);
  await attempt.succeeded({ event: 'login.succeeded', fields: { userId: user.id, detail: { mfa: Boolean(user.totp_secret), purpose: answer.purpose } } });
  // A user in no organisation yet still gets a context: the API audience (contract, LoginResponse).
  const session = {
    kind: 'signed-in',
    context: answer.contexts[0] ?? services.config.tokenAudience,
    token: answer.token,
    termsAccepted: answer.termsAccepted,
  } as const;
  if (!user.totp_secret) return { ...session, policy: answer.policy };
  return factor?.kind === 'recovery-code' ? { ...session, recoveryCodesLeft: factor.left } : session;
}

/**
 * The password's MAC keyed by the pending sign-in's value, which only the browser holds (the table
 * keeps its hash): the row alone tests no password guess, and the key lives five minutes.
 */
const passwordMac = (pendingSignIn: string, password: string) => createHmac('sha256', pendingSignIn).update(password).digest('hex');

async function startPendingSignIn(services: Services, user: UserRow, password: string): Promise<string> {
  const pendingSignIn = randomBytes(32).toString('base64url');
  await insertPendingSignIn(services.db, {
    idHash: sha256Hex(pendingSignIn),
    userId: user.id,
    generation: user.session_generation,
    passwordMac: passwordMac(pendingSignIn, password),
    ttlSeconds: PENDING_SIGN_IN_SECONDS,
  });
  return pendingSignIn;
}

/**
 * Is this the password the browser's pending sign-in proved, for this user, since their last new
 * password? Then the code step needs no second argon2id (docs/decisions/0010-pending-sign-in.md).
 */
async function provedByPendingSignIn(services: Services, user: UserRow, pendingSignIn: string, password: string): Promise<boolean> {
  const pending = await findPendingSignIn(services.db, sha256Hex(pendingSignIn));
  if (!pending?.password_mac || pending.user_id !== user.id || pending.session_generation !== user.session_generation) return false;
  const sent = Buffer.from(passwordMac(pendingSignIn, password), 'hex');
  return timingSafeEqual(sent, Buffer.from(pending.password_mac, 'hex'));
}

/** Throws TooManyRequests when the e-mail or the address must wait. */
export async function signInWithPassword(services: Services, input: PasswordSignInInput): Promise<PasswordSignIn> {
  const { db } = services;
  const { email, password, challenge, heldPendingSignIn, clientAddress } = input;
  // One statement claims the attempt and reads the user and their organisations (server/db/login-attempts.ts).
  const { attempt, user, organizations } = await audited(services, clientAddress, () => claimPasswordLoginAttempt(db, clientAddress, email));
  // The code with the password again: the pending sign-in may prove it. Else argon2id, where a
  // dummy hash stands in for a missing one.
  const proved =
    user?.totp_secret && challenge !== undefined && heldPendingSignIn && (await provedByPendingSignIn(services, user, heldPendingSignIn, password));
  const passwordMatches = proved || (await verifyPassword(user?.password_hash, password));
  // A user whose organisations all sign in through SAML only has no password sign-in (flows 4.1).
  if (!user || !passwordMatches || isSamlOnly(organizations)) {
    await audit(db, clientAddress, 'login.failed', { userId: user?.id });
    return { kind: 'invalid-credentials' };
  }

  let factor: SecondFactor | undefined;
  if (user.totp_secret) {
    if (challenge === undefined) {
      // The right password on its way to the code is not a failed attempt.
      await attempt.notAFailure();
      if (heldPendingSignIn) await deletePendingSignIn(db, sha256Hex(heldPendingSignIn));
      return { kind: 'code-required', pendingSignIn: await startPendingSignIn(services, user, password) };
    }
    const code = { user, storedSecret: user.totp_secret, challenge, clientAddress };
    factor = await withMail(services, (tx, queue) => secondFactor(services, tx, queue, code));
    if (factor.kind === 'wrong') return { kind: 'invalid-code' };
  }
  if (heldPendingSignIn) await deletePendingSignIn(db, sha256Hex(heldPendingSignIn));
  const answer = await signedIn(services, user, organizations, attempt, { address: clientAddress, userAgent: input.userAgent, device: input.device }, factor);
  return (await isKnownAtSignIn(services, user, password, organizations)) ? { ...answer, passwordCompromised: true } : answer;
}

/**
 * Is the password just proved one attackers try first? Judged only when the lists changed since it
 * was last judged (server/auth/known-passwords.ts), and by the bundled lists only: a range service
 * would make the sign-in wait for it. Not judged in time: the next sign-in judges it.
 */
async function isKnownAtSignIn(services: Services, user: UserRow, password: string, organisations: OrganizationRow[]): Promise<boolean> {
  if (!user.password_hash) return false;
  if (user.password_checked_with === PASSWORD_LISTS_VERSION) return user.password_known;
  const known = await isGuessable(password, { email: user.email, organisations });
  if (known !== undefined) await recordPasswordChecked(services.db, user.id, user.password_hash, { checkedWith: PASSWORD_LISTS_VERSION, known });
  return known === true;
}

/**
 * The code step of a pending sign-in: the code alone completes it, once. A wrong code counts as a
 * failed sign-in of the e-mail, as on the password's step. Missing, expired, already used, or
 * voided since (a new password, no TOTP, no password sign-in any more): `sign-in-expired`, and the
 * person signs in with the password again. Throws TooManyRequests when the e-mail or the address
 * must wait.
 */
export async function signInWithPendingCode(
  services: Services,
  input: { pendingSignIn: string | undefined; challenge: string; clientAddress: string; userAgent?: string | undefined; device?: string | undefined },
): Promise<CodeSignIn> {
  const { db } = services;
  const { pendingSignIn, challenge, clientAddress } = input;
  const expired = { kind: 'sign-in-expired' } as const;
  if (!pendingSignIn) return expired;
  const idHash = sha256Hex(pendingSignIn);
  const pending = await findPendingSignIn(db, idHash);
  const user = pending && (await findUserById(db, pending.user_id));
  if (!pending || !user || user.session_generation !== pending.session_generation || !user.totp_secret) return expired;
  const organizations = await userOrganizations(db, user.id);
  if (isSamlOnly(organizations)) return expired;

  const attempt = await claimAttempt(services, clientAddress, user.email);
  const code = { user, storedSecret: user.totp_secret, challenge, clientAddress };
  // Held before its code is claimed, and used once with a right code: of several codes sent at
  // once, one completes the sign-in and spends its code, and the others spend nothing.
  const factor = await withMail(services, async (tx, queue): Promise<SecondFactor | undefined> => {
    if (!(await holdPendingSignIn(tx, idHash))) return undefined;
    const checked = await secondFactor(services, tx, queue, code);
    if (checked.kind !== 'wrong') await deletePendingSignIn(tx, idHash);
    return checked;
  });
  if (!factor) {
    // Another code completed it meanwhile: no guess.
    await attempt.notAFailure();
    return expired;
  }
  if (factor.kind === 'wrong') return { kind: 'invalid-code' };
  return signedIn(services, user, organizations, attempt, { address: clientAddress, userAgent: input.userAgent, device: input.device }, factor);
}
