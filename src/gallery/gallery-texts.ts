/**
 * The gallery's own texts (locales/gallery/*.json: the gallery's and the toolkit demo's), kept out
 * of the front door's dictionaries so no sign-in page loads them. Each language comes with English
 * for what it might lack.
 */
import { useStore } from '@frontdoor/ui';
import { FALLBACK_LANGUAGE, type Language } from '../../rules/languages';
import { addPageTexts, translate, type Dictionary } from '../i18n/i18n';
import type { GalleryTextKey, TextKey } from '../i18n/text-keys';
import { $locale } from '../i18n/locale';

/** Parcel hands a dynamically imported JSON file over as the object itself, Vite as `default`. */
const table = (module: { default?: Dictionary }): Dictionary => module.default ?? (module as Dictionary);

const loaders: Record<Language, () => Promise<Dictionary>> = {
  en: () => import('../../locales/gallery/en.json').then(table),
  de: () => import('../../locales/gallery/de.json').then(table),
  it: () => import('../../locales/gallery/it.json').then(table),
  fr: () => import('../../locales/gallery/fr.json').then(table),
  az: () => import('../../locales/gallery/az.json').then(table),
};
const added = new Set<Language>();

export async function loadGalleryTexts(language: Language): Promise<void> {
  const wanted = [...new Set<Language>([language, FALLBACK_LANGUAGE])].filter((candidate) => !added.has(candidate));
  const tables = await Promise.all(wanted.map(async (candidate) => [candidate, await loaders[candidate]()] as const));
  for (const [candidate, table] of tables) {
    addPageTexts(candidate, table);
    added.add(candidate);
  }
}

/** Translates a text of the front door or of the gallery in the current language. */
export function galleryT(key: TextKey | GalleryTextKey, params?: Record<string, unknown>): string {
  return translate($locale.get(), key, params);
}

/** `galleryT`, re-rendering the caller when the language changes. */
export function useGalleryT(): typeof galleryT {
  useStore($locale);
  return galleryT;
}
