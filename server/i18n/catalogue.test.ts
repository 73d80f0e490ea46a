import { describe, expect, it } from 'vitest';
import { en } from './en';
import { de } from './de';
import { it as it_ } from './it';
import { fr } from './fr';
import { az } from './az';
import { PLACEHOLDER } from './server-texts';

/** Every text as its dotted path and value; a paragraph of a list by its place: 'mails.reset.before.0'. */
function leaves(texts: unknown, prefix = ''): [string, unknown][] {
  return Object.entries(texts as Record<string, unknown>).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

const keys = (texts: unknown) => leaves(texts).map(([key]) => key);
const placeholders = (text: unknown) => [...String(text).matchAll(PLACEHOLDER)].map(([, name]) => name).sort();

const tables = { de, it: it_, fr, az };
const englishKeys = keys(en);

describe("the server's texts", () => {
  it.each(Object.entries(tables))('%s has every key of en', (_language, texts) => {
    const present = new Set(keys(texts));
    const missing = englishKeys.filter((key) => !present.has(key));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(tables))('%s has no key that en lacks', (_language, texts) => {
    const known = new Set(englishKeys);
    expect(keys(texts).filter((key) => !known.has(key))).toEqual([]);
  });

  it.each(Object.entries({ en, ...tables }))('%s holds only non-empty texts', (_language, texts) => {
    expect(leaves(texts).filter(([, value]) => typeof value !== 'string' || value.trim() === '')).toEqual([]);
  });

  // A text's values are filled in by name (fillIn): a translation that misspells or drops one shows `{{name}}` or leaves it out.
  it.each(Object.entries(tables))('%s takes the values en takes, text by text', (_language, texts) => {
    const english = new Map(leaves(en));
    const differing = leaves(texts).filter(([key, value]) => english.has(key) && placeholders(value).join() !== placeholders(english.get(key)).join());
    expect(differing).toEqual([]);
  });
});
