/** Interface languages and fallback (spec section 9). */
export const LANGUAGES = ['en', 'de', 'it', 'fr', 'az'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** First part of a browser language tag, lower-case: 'de-CH' -> 'de' (spec section 3). */
export function primaryLanguage(tag: string | undefined | null): string {
  return (tag ?? '').split('-')[0]!.toLowerCase();
}

/** The browser's language if supported, else the fallback (spec section 9). */
export function browserLanguage(languages: readonly string[] = globalThis.navigator?.languages ?? []): Language {
  for (const tag of languages) {
    const language = primaryLanguage(tag);
    if (isLanguage(language)) return language;
  }
  return FALLBACK_LANGUAGE;
}
