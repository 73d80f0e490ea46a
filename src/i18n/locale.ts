/**
 * The interface language (flows 9): en, de, it, fr, az, English by default. Changing it loads the
 * texts first, then sets `lang` on the document root.
 */
import { atom } from 'nanostores';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../rules/languages';
import { addTexts, loadDictionary, onTextsArrived, type Dictionary } from './i18n';

export const $locale = atom<Language>(FALLBACK_LANGUAGE);

/** Counts the dictionaries that arrived after a screen asked for a text they hold: it translates again. */
export const $textsArrived = atom(0);
onTextsArrived(() => $textsArrived.set($textsArrived.get() + 1));

/** Switches the interface language; an unsupported one is refused with a console warning (flows 8). */
export async function setLocale(locale: string): Promise<void> {
  if (!isLanguage(locale)) {
    console.warn(`Unsupported locale "${locale}" selected; keeping "${$locale.get()}".`);
    return;
  }
  // The texts the page carries already speak its language: only another language is loaded.
  if (locale !== $locale.get()) await loadDictionary(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  $locale.set(locale);
}

/** A prerendered page's language with the texts it carries: no chunk to wait for before its first view. */
export function startIn(language: Language, texts: Dictionary, englishTexts: Dictionary = {}): void {
  addTexts(language, texts, englishTexts);
  $locale.set(language);
}

/**
 * The current language's whole dictionary, before a screen other than the page's own is shown: a
 * page carries only the texts its first view shows (docs/decisions/0014-a-page-carries-its-screen.md).
 */
export function ensureDictionary(): Promise<void> {
  return loadDictionary($locale.get());
}
