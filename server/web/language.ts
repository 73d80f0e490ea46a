/**
 * The language of a page: the `locale` query parameter (flows 2: the centred layout
 * follows it), then the browser's Accept-Language in order of preference, then English (flows 9).
 */
import { FALLBACK_LANGUAGE, isLanguage, primaryLanguage, type Language } from '../../rules/languages';

/** Accept-Language's tags, most preferred first; tags with q=0 are refused ones. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = Number(parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean) ?? 1);
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

export function pageLanguage(locale: unknown, acceptLanguage: string | undefined): Language {
  if (typeof locale === 'string' && isLanguage(primaryLanguage(locale))) return primaryLanguage(locale) as Language;
  for (const tag of acceptedLanguages(acceptLanguage)) {
    const language = primaryLanguage(tag);
    if (isLanguage(language)) return language;
  }
  return FALLBACK_LANGUAGE;
}
