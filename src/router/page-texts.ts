/** The texts a prerendered page carries for its first view, in its language (scripts/prerender.ts writes them). */
import { isLanguage } from '../../rules/languages';
import { startIn } from '../i18n/locale';
import type { Dictionary } from '../i18n/i18n';

export function startPageLanguage(): void {
  const element = document.getElementById('frontdoor-texts');
  const language = document.documentElement.lang;
  const { texts, english } = element?.textContent
    ? (JSON.parse(element.textContent) as { texts: Dictionary; english?: Dictionary })
    : { texts: {}, english: {} };
  if (isLanguage(language)) startIn(language, texts, english);
}
