import { describe, expect, it } from 'vitest';
import en from '../../locales/gallery/en.json';
import de from '../../locales/gallery/de.json';
import it_ from '../../locales/gallery/it.json';
import fr from '../../locales/gallery/fr.json';
import az from '../../locales/gallery/az.json';

/** Every text of the gallery's catalogue with its key, nested keys dotted. */
function texts(messages: unknown, prefix = ''): [string, unknown][] {
  return Object.entries(messages as Record<string, unknown>).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? texts(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}
const keys = (messages: unknown) =>
  texts(messages)
    .map(([key]) => key)
    .sort();

describe("the gallery's texts", () => {
  it.each(Object.entries({ de, it: it_, fr, az }))('%s has exactly the keys of en', (_language, messages) => {
    expect(keys(messages)).toEqual(keys(en));
  });

  it.each(Object.entries({ en, de, it: it_, fr, az }))('%s holds only non-empty texts', (_language, messages) => {
    expect(texts(messages).filter(([, value]) => typeof value !== 'string' || value.trim() === '')).toEqual([]);
  });
});
