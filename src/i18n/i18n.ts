/**
 * Translations (flows 8 and 9): rosetta holds the dictionaries, each language a lazy chunk. A
 * prerendered page carries the texts of its screen in its language (and English for what that
 * language lacks), so it translates before any chunk has arrived; a move to another screen loads
 * the whole dictionary first (docs/decisions/0014-a-page-carries-its-screen.md). A missing key
 * warns on the console and falls back to English.
 */
import rosetta from 'rosetta';
import { FALLBACK_LANGUAGE, type Language } from '../../rules/languages';

export type Dictionary = Record<string, unknown>;

const dictionaries = rosetta<Dictionary>({});
const complete = new Set<Language>();
/** The language whose missing keys the English texts at hand cover, when English is not complete. */
let englishCovers: Language | undefined;

/** Parcel hands a dynamically imported JSON file over as the object itself, Vite as `default`. */
function jsonModule(module: { default?: Dictionary }): Dictionary {
  return module.default ?? (module as Dictionary);
}

const loaders: Record<Language, () => Promise<Dictionary>> = {
  en: () => import('../../locales/en.json').then(jsonModule),
  de: () => import('../../locales/de.json').then(jsonModule),
  it: () => import('../../locales/it.json').then(jsonModule),
  fr: () => import('../../locales/fr.json').then(jsonModule),
  az: () => import('../../locales/az.json').then(jsonModule),
};

/** A language's texts given with the page, and English for the keys the language lacks among them. */
export function addTexts(language: Language, texts: Dictionary, english: Dictionary = {}): void {
  dictionaries.set(language, texts);
  if (language !== FALLBACK_LANGUAGE) {
    dictionaries.set(FALLBACK_LANGUAGE, english);
    englishCovers = language;
  }
}

/** Adds texts a page outside the front door's families brings along (the toolkit's gallery). */
export function addPageTexts(language: Language, texts: Dictionary): void {
  dictionaries.set(language, texts);
}

/** Does the language have these groups of `page.*` texts at hand? */
export function hasPageTexts(language: Language, groups: readonly string[]): boolean {
  const pages = (dictionaries.table(language) as { page?: Record<string, unknown> } | undefined)?.page ?? {};
  return groups.every((group) => group in pages);
}

/** Makes a language's texts available whole, with English beside it for what the language lacks. */
export async function loadDictionary(language: Language): Promise<void> {
  const needsEnglish = language !== englishCovers;
  const wanted = [...new Set<Language>(needsEnglish ? [language, FALLBACK_LANGUAGE] : [language])].filter((candidate) => !complete.has(candidate));
  const tables = await Promise.all(wanted.map(async (candidate) => [candidate, await loaders[candidate]()] as const));
  for (const [candidate, table] of tables) {
    dictionaries.set(candidate, table);
    complete.add(candidate);
  }
}

/** Translates a dotted key in a language; a key it lacks warns and falls back to English. */
export function translate(language: Language, key: string, params: Record<string, unknown> = {}): string {
  const text = dictionaries.t(key, params, language);
  if (text) return text;
  console.warn(`Missing translation for key "${key}" in locale "${language}".`);
  return language === FALLBACK_LANGUAGE ? key : dictionaries.t(key, params, FALLBACK_LANGUAGE) || key;
}
