/**
 * Translations (spec sections 8 and 9): rosetta holds the dictionaries; `t` falls back to English and
 * warns on the console for a missing key; `setLocale` warns for an unsupported locale and sets `lang`
 * on the document root. English ships in the first load, the other languages load on demand.
 */
import rosetta from 'rosetta';
import { atom } from 'nanostores';
import en from '../../locales/en.json';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from './languages';

export type Messages = typeof en;
type Dictionary = Record<string, unknown>;

const dictionaries = rosetta<Dictionary>({ [FALLBACK_LANGUAGE]: en });
const loaded = new Set<Language>([FALLBACK_LANGUAGE]);

export const $locale = atom<Language>(FALLBACK_LANGUAGE);

/** Parcel hands a dynamically imported JSON file over as the object itself, Vite as `default`. */
function jsonModule(module: { default?: Dictionary }): Dictionary {
  return module.default ?? (module as Dictionary);
}

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Dictionary>> = {
  de: () => import('../../locales/de.json').then(jsonModule),
  it: () => import('../../locales/it.json').then(jsonModule),
  fr: () => import('../../locales/fr.json').then(jsonModule),
  az: () => import('../../locales/az.json').then(jsonModule),
};

/** Switches the interface language; an unsupported one is refused with a console warning. */
export async function setLocale(locale: string): Promise<void> {
  if (!isLanguage(locale)) {
    console.warn(`Unsupported locale "${locale}" selected; keeping "${$locale.get()}".`);
    return;
  }
  if (locale !== 'en' && !loaded.has(locale)) {
    dictionaries.set(locale, await loaders[locale]());
    loaded.add(locale);
  }
  dictionaries.locale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  $locale.set(locale);
}

/** Translates a dotted key; a key missing in the current language warns and falls back to English. */
export function t(key: string, params?: Record<string, unknown>): string {
  const locale = $locale.get();
  const text = dictionaries.t(key, params ?? {}, locale);
  if (text) return text;
  console.warn(`Missing translation for key "${key}" in locale "${locale}".`);
  return locale === FALLBACK_LANGUAGE ? key : dictionaries.t(key, params ?? {}, FALLBACK_LANGUAGE) || key;
}
