/**
 * Setting a password with an invitation, reset or session token (flows 4.10 and 4.12). A spent link
 * is refused before anything else. A session changes its password only with the current one
 * (OWASP ASVS: current and new password), to a different one, and keeps its sign-in's time and
 * methods: a password change is no sign-in (server/auth/factor-changes.ts). A link proves the
 * address instead. The password rules hold on the server too, a password attackers try first is
 * refused (server/auth/known-passwords.ts), and either leaves the link usable. Spending the link and storing the password happen in one transaction; the new password
 * ends every earlier session and link of the user, and the sign-in lock of the e-mail. A mailed link
 * (reset or invitation) also removes what a thief who knew the old password could have added: every
 * passkey, and an authenticator set up by a recovery-code sign-in with its codes
 * (docs/decisions/0015-what-a-thief-could-have-added.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import { queueBackchannelLogoutsOfUser } from '../db/oidc';
import type { Services } from '../services';
import { audit } from '../db/audit';
import { userOrganizations } from '../db/memberships';
import { spendUserOneTimeTokens } from '../db/tokens';
import { clearTotp, findUserById, lockUser, setPasswordHash } from '../db/users';
import { lockSessionUser } from './factor-changes';
import { deleteAllPasskeys } from '../db/passkeys';
import { deleteRecoveryCodes } from '../db/recovery-codes';
import type { Queryable } from '../db/database-types';
import { isSamlOnly } from './accounts';
import { claimLoginAttempt, clearLoginFailures } from './login-throttle';
import { hashPassword, passwordProblems, verifyPassword } from './passwords';
import { PASSWORD_LISTS_VERSION, isKnownPassword } from './known-passwords';
import { withMail } from './mail-intents';
import { deviceOf } from './sessions';
import { signInToken } from './sign-in';

export interface NewPassword {
  /** The bearer token: a session, or an invitation or reset link's token. */
  token: string;
  password: string;
  /** Required with a session token (changing a password), refused with a link's token. */
  currentPassword?: string | undefined;
  clientAddress: string;
  /** The browser's User-Agent header: a link's sign-in begins its session on it (server/auth/sessions.ts). */
  userAgent?: string | undefined;
  /** Where a range service that did not answer in time is told of (server/auth/known-passwords.ts). */
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * For a session, a new session like it; for a link, what a sign-in with the password alone would
 * answer, except that a user with TOTP gets no session (`code-required`) and signs in with a code,
 * so a reset never skips the second factor.
 */
export type PasswordSet =
  | { kind: 'signed-in'; token: string }
  | { kind: 'code-required' }
  | { kind: 'link-spent' }
  | { kind: 'no-password-account' }
  | { kind: 'current-password-with-link' }
  | { kind: 'current-password-missing' }
  | { kind: 'wrong-current-password' }
  | { kind: 'unchanged-password' }
  | { kind: 'weak-password'; problems: string[] }
  | { kind: 'known-password' };

/** What a thief who knew the old password could have added, ended by a reset (decision 0015). */
async function removeFactorsAThiefCouldHaveAdded(tx: Queryable, user: { id: string; totp_set_via: string | null }): Promise<void> {
  await deleteAllPasskeys(tx, user.id);
  if (user.totp_set_via === 'recovery') {
    await clearTotp(tx, user.id);
    await deleteRecoveryCodes(tx, user.id);
  }
}

/** Throws AuthError for a token that is not valid here, TooManyRequests for a guessed current password. */
export async function setPassword(services: Services, input: NewPassword): Promise<PasswordSet> {
  const { db, tokens } = services;
  const { token, password, currentPassword, clientAddress, log } = input;
  const claims = await tokens.verifyForPasswordChange(token);
  const viaLink = claims.purpose !== 'session';
  if (viaLink && !(await tokens.isUnspent(token, claims))) return { kind: 'link-spent' };
  if (viaLink && currentPassword !== undefined) return { kind: 'current-password-with-link' };
  if (!viaLink && currentPassword === undefined) return { kind: 'current-password-missing' };
  const user = await findUserById(db, claims.sub);
  const organizations = user ? await userOrganizations(db, user.id) : [];
  // Users of SAML-only organisations sign in through their identity provider (flows 4.1).
  if (!user || isSamlOnly(organizations)) return { kind: 'no-password-account' };
  if (currentPassword !== undefined) {
    // Guessing the current password through a stolen session costs what guessing it at login does.
    const attempt = await claimLoginAttempt(db, clientAddress, user.email);
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      await audit(db, clientAddress, 'password.change_refused', { userId: user.id });
      return { kind: 'wrong-current-password' };
    }
    await attempt.succeeded();
  }
  const problems = passwordProblems(password);
  if (problems.length > 0) return { kind: 'weak-password', problems };
  // The current password was verified above: the same text is the same password.
  if (currentPassword !== undefined && password === currentPassword) return { kind: 'unchanged-password' };
  const known = await isKnownPassword(
    password,
    { email: user.email, organisations: organizations },
    { rangeServiceUrl: services.config.pwnedPasswordsUrl, log },
  );
  if (known) {
    await audit(db, clientAddress, 'password.known_refused', { userId: user.id, detail: { via: claims.purpose } });
    return { kind: 'known-password' };
  }
  const hash = await hashPassword(password);

  // The user's row first, then the link: of two uses of one link at once, one spends it and the
  // other writes nothing; a session ended meanwhile changes nothing.
  // A changed or reset password is mailed to its owner (server/auth/account-alerts.ts); a first one, from an invitation, is not.
  const event = claims.purpose === 'session' ? 'password-changed' : claims.purpose === 'reset' ? 'password-reset' : undefined;
  const generation = await withMail(services, async (tx, queue) => {
    const locked = viaLink ? await lockUser(tx, user.id) : await lockSessionUser(tx, { claims, user });
    if (!locked || (viaLink && !(await tokens.spend(tx, token, claims)))) return undefined;
    const next = await setPasswordHash(tx, user.id, hash, known === false ? PASSWORD_LISTS_VERSION : undefined);
    // The sessions the new password ends (all but the one that set it) are told to their apps.
    await queueBackchannelLogoutsOfUser(tx, user.id, next - 1, viaLink ? undefined : claims.sid);
    await spendUserOneTimeTokens(tx, user.id);
    if (viaLink) await removeFactorsAThiefCouldHaveAdded(tx, locked);
    if (event) await queue({ kind: 'account-alert', params: { userId: user.id, event, device: deviceOf(input.userAgent) } });
    return next;
  });
  if (generation === undefined) return { kind: 'link-spent' };
  await clearLoginFailures(db, user.email);
  await audit(db, clientAddress, 'password.set', { userId: user.id, detail: { via: claims.purpose } });
  if (!viaLink) {
    // The same sign-in under the new generation: its time and methods stay what they were.
    const grant = {
      userId: user.id,
      email: user.email,
      contexts: claims.contexts,
      amr: claims.amr ?? ['pwd'],
      purpose: 'session' as const,
      generation,
      session: { continues: claims.sid },
    };
    return { kind: 'signed-in', token: await tokens.issueSignIn(claims.auth_time === undefined ? grant : { ...grant, authTime: claims.auth_time }) };
  }
  // As the reset left the user: a second factor it kept is asked at sign-in.
  const after = await findUserById(db, user.id);
  if (!after) return { kind: 'no-password-account' };
  if (after.totp_secret) return { kind: 'code-required' };
  return {
    kind: 'signed-in',
    token: (await signInToken(services, after, { via: 'password' }, ['pwd'], { address: clientAddress, userAgent: input.userAgent }, organizations)).token,
  };
}
