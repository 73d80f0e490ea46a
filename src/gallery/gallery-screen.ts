/**
 * The gallery as the router loads it (src/router/screens.ts): its chunk, with the language's whole
 * dictionary and the gallery's own texts, which no sign-in page carries.
 */
import { Gallery } from './Gallery';
import { loadGalleryTexts } from './gallery-texts';
import { $locale, ensureDictionary } from '../i18n/locale';

export async function galleryWithTexts(): Promise<{ Gallery: typeof Gallery }> {
  await ensureDictionary();
  await loadGalleryTexts($locale.get());
  return { Gallery };
}
