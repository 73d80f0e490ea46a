/**
 * The interface language (flows 9): en, de, it, fr, az, English by default. Changing it loads the
 * texts first, then sets `lang` on the document root.
 */
import { atom } from 'nanostores';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../rules/languages';
import { addTexts, hasPageTexts, loadDictionary, type Dictionary } from '../i18n/i18n';

export const $locale = atom<Language>(FALLBACK_LANGUAGE);

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

/** The texts a screen shows are at hand in the current language, loading its dictionary if not. */
export async function ensureTexts(groups: readonly string[]): Promise<void> {
  const language = $locale.get();
  if (!hasPageTexts(language, groups)) await loadDictionary(language);
}

/** Pages outside the front door's families (the toolkit's gallery) show texts of every group. */
export async function ensureWholeDictionary(): Promise<void> {
  await loadDictionary($locale.get());
}
