/**
 * Interface and e-mail languages (flows 9) and the language rule of the register and forgot-password
 * payloads (flows 3). Shared by the app and the server.
 */
export const LANGUAGES = ['en', 'de', 'it', 'fr', 'az'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** First part of a language tag, lower-case: 'de-CH' -> 'de' (flows 3). */
export function primaryLanguage(tag: string | undefined | null): string {
  return (tag ?? '').split('-')[0]!.toLowerCase();
}

/** The supported language of a tag, else the fallback: 'de-CH' -> 'de', 'es-ES' -> 'en' (flows 3, 9). */
export function supportedLanguage(tag: string | undefined | null): Language {
  const language = primaryLanguage(tag);
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
}

/** The language of a register or forgot-password request: the first part of the browser language, lower-case, en by default (flows 3). */
export function requestLanguage(tag: string | undefined | null): string {
  return primaryLanguage(tag) || FALLBACK_LANGUAGE;
}
