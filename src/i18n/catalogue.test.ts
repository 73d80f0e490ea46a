import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import de from '../../locales/de.json';
import it_ from '../../locales/it.json';
import fr from '../../locales/fr.json';
import az from '../../locales/az.json';

function keys(messages: unknown, prefix = ''): string[] {
  return Object.entries(messages as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function leaves(messages: unknown, prefix = ''): [string, unknown][] {
  return Object.entries(messages as Record<string, unknown>).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

const catalogues = { de, it: it_, fr, az };
const englishKeys = keys(en);

describe('the translation catalogue', () => {
  it.each(Object.entries(catalogues))('%s has every key of en', (_language, messages) => {
    const present = new Set(keys(messages));
    const missing = englishKeys.filter((key) => !present.has(key));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(catalogues))('%s has no key that en lacks', (_language, messages) => {
    const known = new Set(englishKeys);
    expect(keys(messages).filter((key) => !known.has(key))).toEqual([]);
  });

  it.each(Object.entries({ en, ...catalogues }))('%s holds only non-empty texts', (_language, messages) => {
    expect(leaves(messages).filter(([, value]) => typeof value !== 'string' || value.trim() === '')).toEqual([]);
  });
});
