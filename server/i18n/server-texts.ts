/**
 * The one way to the server's words: the table of a language (server/i18n/en.ts and its
 * translations beside it), and the values a text takes. Every table is whole (`tsc` and
 * server/i18n/catalogue.test.ts see to it), so the only fallback is the language's own: one the
 * server does not speak reads English (flows 9).
 */
import { supportedLanguage, type Language } from '../../rules/languages';
import { en, type ServerTexts } from './en';
import { de } from './de';
import { it } from './it';
import { fr } from './fr';
import { az } from './az';

export type { ServerTexts } from './en';

const TABLES: Record<Language, ServerTexts> = { en, de, it, fr, az };

/** A value a text takes, `{{name}}`, as the app's texts mark theirs (locales/en.json). */
export const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The language of a stored or requested tag ('de', 'de-CH', 'DE'; English for any other), and its words. */
export function serverTexts(tag: string): { language: Language; texts: ServerTexts } {
  const language = supportedLanguage(tag);
  return { language, texts: TABLES[language] };
}

/** A text with its values in place; a value is put in as it is, never read for placeholders of its own. */
export function fillIn(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder));
}
