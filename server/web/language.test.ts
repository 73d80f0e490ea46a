import { describe, expect, it } from 'vitest';
import { acceptedLanguages, pageLanguage } from './language';

describe('the language of a page', () => {
  it('reads Accept-Language in order of preference, leaving out refused tags', () => {
    expect(acceptedLanguages('fr;q=0.5, de-CH, en;q=0.8, az;q=0')).toEqual(['de-CH', 'en', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('follows the locale parameter first, then the first supported browser language, then English', () => {
    expect(pageLanguage('it', 'de')).toBe('it');
    expect(pageLanguage('es', 'pt, fr-FR;q=0.9')).toBe('fr');
    expect(pageLanguage(undefined, 'ja')).toBe('en');
    expect(pageLanguage(['de'], undefined)).toBe('en');
  });
});
