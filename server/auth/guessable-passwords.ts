/**
 * The judgement of a password against zxcvbn-ts's bundled lists of common and breached passwords
 * and words (with the language packs of the languages the front door speaks) and its estimate of
 * guesses, run in a worker thread of its own (server/auth/password-checker.ts), never on the
 * thread that answers requests: it costs tens of milliseconds.
 */
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';

/** zxcvbn's "safely unguessable" score: at least 10^8 guesses. */
const LEAST_SCORE = 3;

/**
 * zxcvbn's cost grows with length and with look-alike characters. With these bounds a crafted
 * 64-character password costs tens of milliseconds, not hundreds; fewer look-alike substitutions
 * still catch every common one (`P@$$w0rd!`, `Dr@g0n2024!`).
 */
const BOUNDS = { maxLength: 64, l33tMaxSubstitutions: 4 };

const PACKAGES = ['core', 'language-common', 'language-en', 'language-de', 'language-it', 'language-fr'] as const;

/**
 * Names the lists and rules in force: a password found not to be one attackers try first is
 * checked again at sign-in only when this changes (server/auth/password-sign-in.ts).
 */
export const PASSWORD_LISTS_VERSION = (() => {
  const require = createRequire(import.meta.url);
  const versions = PACKAGES.map((name) => `${name}@${(require(`@zxcvbn-ts/${name}/package.json`) as { version: string }).version}`);
  return createHash('sha256').update(JSON.stringify({ versions, BOUNDS, LEAST_SCORE })).digest('base64url').slice(0, 16);
})();

type Dictionaries = Record<string, unknown>;

/** A language pack's lists, each named for its language: the older packs name theirs without it, and would overwrite each other. */
function ofLanguage(language: string, dictionary: Dictionaries): Dictionaries {
  return Object.fromEntries(Object.entries(dictionary).map(([name, words]) => [name.endsWith(`-${language}`) ? name : `${name}-${language}`, words]));
}

let checker: Promise<ZxcvbnFactory> | undefined;

/** The lists, loaded once (about 0.3 s and 90 MB): the worker loads them as it starts. */
export function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en, de, it, fr] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-de'),
      import('@zxcvbn-ts/language-it'),
      import('@zxcvbn-ts/language-fr'),
    ]);
    const languages = { en, de, it, fr };
    const dictionary = Object.assign({}, common.dictionary, ...Object.entries(languages).map(([language, pack]) => ofLanguage(language, pack.dictionary)));
    return new ZxcvbnFactory({ dictionary, graphs: common.adjacencyGraphs, ...BOUNDS });
  })();
  // Lists that failed to load are loaded again by the next check.
  checker.catch(() => (checker = undefined));
  return checker;
}

const guessable = (result: ZxcvbnResult) => result.score < LEAST_SCORE;

/** Is the password guessable, alone or once the person's own words are taken out of it? */
export async function isGuessableWith(password: string, ownWords: string[]): Promise<boolean> {
  const zxcvbn = await loadChecker();
  const result = zxcvbn.check(password, ownWords);
  if (guessable(result)) return true;
  const own = result.sequence.filter((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs');
  if (own.length === 0) return false;
  const rest = result.sequence
    .filter((match) => !own.includes(match))
    .map((match) => match.token)
    .join('');
  return guessable(zxcvbn.check(rest, ownWords));
}
