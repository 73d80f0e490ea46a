/**
 * Translations (flows 8 and 9): rosetta holds the dictionaries, each language a lazy chunk. A
 * prerendered page carries the texts its first view shows in its language (and English for what
 * that language lacks), so it translates before any chunk has arrived; any other text comes with
 * the language's whole dictionary, which a move to another screen loads first, and which a text
 * asked for before it arrived loads, telling the screens when it is there
 * (docs/decisions/0014-a-page-carries-its-screen.md). A missing key warns on the console and
 * falls back to English.
 */
import rosetta from 'rosetta';
import { FALLBACK_LANGUAGE, type Language } from '../../rules/languages';

export type Dictionary = Record<string, unknown>;

const dictionaries = rosetta<Dictionary>({});
/** Each language's whole dictionary, once asked for: on its way or at hand. */
const loading = new Map<Language, Promise<void>>();
/** The languages whose whole dictionary is at hand. */
const complete = new Set<Language>();
/** The languages a text was asked of that the texts at hand lack, while their dictionary is on its way. */
const asked = new Set<Language>();
/** The language whose missing keys the English texts at hand cover, when English is not complete. */
let englishCovers: Language | undefined;
/** Told when a dictionary arrives that a text was asked of before (src/i18n/locale.ts re-renders with it). */
let textsArrived = () => {};

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

/** A language's whole dictionary. */
export function addDictionary(language: Language, table: Dictionary): void {
  dictionaries.set(language, table);
  complete.add(language);
}

/** Adds texts a page outside the front door's families brings along (the toolkit's gallery). */
export function addPageTexts(language: Language, texts: Dictionary): void {
  dictionaries.set(language, texts);
}

/** Calls `listener` whenever a dictionary arrives that a text was asked of before it was at hand. */
export function onTextsArrived(listener: () => void): void {
  textsArrived = listener;
}

/** Loads a language's whole dictionary, once. */
function loadWhole(language: Language): Promise<void> {
  let loaded = loading.get(language);
  if (!loaded) {
    loaded = loaders[language]().then((table) => addDictionary(language, table));
    // A failure to arrive is tried again by the next caller.
    loaded.catch(() => loading.delete(language));
    loading.set(language, loaded);
  }
  return loaded;
}

/** Makes a language's texts available whole, with English beside it for what the language lacks. */
export async function loadDictionary(language: Language): Promise<void> {
  const needsEnglish = language !== englishCovers;
  await Promise.all([...new Set<Language>(needsEnglish ? [language, FALLBACK_LANGUAGE] : [language])].map(loadWhole));
}

/** Loads the dictionary a text was asked of, and tells when it is there. */
function askFor(language: Language): void {
  if (asked.has(language)) return;
  asked.add(language);
  loadDictionary(language).then(
    () => textsArrived(),
    // Asked again, it is tried again.
    () => asked.delete(language),
  );
}

/**
 * Translates a dotted key in a language. A key the page's texts lack, while the whole dictionary has
 * not arrived, answers an empty text and loads the dictionary; a key the dictionary lacks warns and
 * falls back to English.
 */
export function translate(language: Language, key: string, params: Record<string, unknown> = {}): string {
  const text = dictionaries.t(key, params, language);
  if (text) return text;
  // English at hand beside another language holds only what that language lacks (addTexts).
  const english = language === FALLBACK_LANGUAGE ? '' : dictionaries.t(key, params, FALLBACK_LANGUAGE);
  if (!english && !complete.has(language)) {
    askFor(language);
    return '';
  }
  console.warn(`Missing translation for key "${key}" in locale "${language}".`);
  return english || key;
}
