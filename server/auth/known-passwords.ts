/**
 * Passwords attackers try first are refused as new passwords (NIST SP 800-63B 3.1.1.2): those in
 * zxcvbn-ts's bundled lists of common and breached passwords and words (with the language packs of
 * the languages the front door speaks), those it judges guessable (score below 3, fewer than 10^8
 * guesses), and those built from the person's own words: their e-mail and their organisations'
 * names, which an attacker who targets them knows. A password stays when what is left of it without
 * those words is itself not guessable (`acme-correct-horse-battery` is fine for a member of acme).
 * Where an operator names a Pwned Passwords range service (PWNED_PASSWORDS_URL), it is asked too,
 * with the first five hex digits of the password's SHA-1 only (k-anonymity), for at most a second;
 * slow or down, the bundled lists decide alone. The lists stay on the server: the page never gets them.
 * A password is judged when it is chosen, where the person can act on it; a sign-in judges it again
 * only when the lists changed since (PASSWORD_LISTS_VERSION, kept beside the hash), and tells the
 * person. The judging runs in a worker thread (server/auth/password-checker.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import { audit } from '../db/audit';
import { checkGuessable } from './password-checker';

export { PASSWORD_LISTS_VERSION } from './guessable-passwords';

/** How long the range service may take before the bundled lists decide alone. */
export const RANGE_SERVICE_TIMEOUT_MS = 1000;

/** What an attacker who targets this person knows: their e-mail and their organisations. */
export interface PasswordOwner {
  email: string;
  organisations: readonly { context: string; name: string }[];
}

/** A judgement: `undefined` when there was none in time (server/auth/password-checker.ts). */
export type Verdict = boolean | undefined;

/** The person's own words: the e-mail, its parts, and each organisation's context and name words. */
export function ownWords(owner: PasswordOwner): string[] {
  const email = owner.email.toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const labels = domain.split('.').slice(0, -1);
  const organisations = owner.organisations.flatMap(({ context, name }) => [context, name, ...name.split(/[^\p{L}\p{N}]+/u)]);
  const words = [email, local, ...local.split(/[._+-]+/), ...labels, ...organisations].map((word) => word.toLowerCase());
  // A letter or two matches inside most passwords and says nothing about who chose it.
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/** Is the password guessable, alone or once the person's own words are taken out of it? By the bundled lists only. */
export function isGuessable(password: string, owner: PasswordOwner): Promise<Verdict> {
  return checkGuessable(password, ownWords(owner));
}

/**
 * Does the range service list the password? Undefined when it did not answer in time or answered
 * nothing readable: the bundled lists decide alone.
 */
async function isListedByRangeService(password: string, url: string, log: Pick<FastifyBaseLogger, 'warn'>): Promise<boolean | undefined> {
  const digest = createHash('sha1').update(password).digest('hex').toUpperCase();
  const prefix = digest.slice(0, 5);
  const suffix = digest.slice(5);
  try {
    const answer = await fetch(`${url}/range/${prefix}`, { headers: { 'add-padding': 'true' }, signal: AbortSignal.timeout(RANGE_SERVICE_TIMEOUT_MS) });
    if (!answer.ok) throw new Error(`answered ${answer.status}`);
    const body = await answer.text();
    return body.split(/\r?\n/).some((line) => {
      const [hashSuffix, count] = line.trim().split(':');
      return hashSuffix?.toUpperCase() === suffix && Number(count) > 0;
    });
  } catch (error) {
    log.warn({ err: error }, 'The Pwned Passwords range service did not answer in time; the bundled lists decide alone.');
    return undefined;
  }
}

/** What the person chose when told, after a sign-in, that their password is one attackers try first: for the audit log. */
export async function recordPasswordNoticeAnswer(
  services: Pick<Services, 'db'>,
  answer: { userId: string; choice: 'change' | 'later'; clientAddress: string },
) {
  await audit(services.db, answer.clientAddress, 'password.known_notice', { userId: answer.userId, detail: { choice: answer.choice } });
}

export interface KnownPasswordOptions {
  /** A Pwned Passwords range service (PWNED_PASSWORDS_URL), if the operator named one. */
  rangeServiceUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Is this password one attackers try first, for this person? `undefined`: the bundled lists gave no
 * verdict in time and the range service, if any, did not list it.
 */
export async function isKnownPassword(password: string, owner: PasswordOwner, options: KnownPasswordOptions): Promise<Verdict> {
  const listed = options.rangeServiceUrl ? isListedByRangeService(password, options.rangeServiceUrl, options.log) : undefined;
  const guessable = await isGuessable(password, owner);
  if (guessable || (await listed) === true) return true;
  if (guessable === undefined) options.log.warn({}, 'A new password could not be checked against the bundled lists in time: its next sign-in checks it.');
  return guessable;
}
