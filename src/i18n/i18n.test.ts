import { afterEach, describe, expect, it, vi } from 'vitest';
import { $locale, setLocale } from '../i18n/locale';
import { t } from './t';
import { translate } from './i18n';
import italian from '../../locales/it.json';

afterEach(async () => {
  vi.restoreAllMocks();
  await setLocale('en');
});

describe('interface language', () => {
  it('sets lang on the document root when the language changes', async () => {
    await setLocale('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect($locale.get()).toBe('fr');
    expect(t('button.continue')).toBe('Continuer');
  });

  it('warns on the console and keeps the language for an unsupported locale', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await setLocale('de');
    await setLocale('xx');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Unsupported locale "xx"'));
    expect($locale.get()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('warns naming locale and key, and shows English, for a missing translation', async () => {
    // A dictionary that lacks a key: every catalogue has them all (catalogue.test.ts).
    vi.resetModules();
    const { migration: _left, ...page } = italian.page;
    vi.doMock('../../locales/it.json', () => ({ default: { ...italian, page } }));
    const fresh = await import('./i18n');
    await fresh.loadDictionary('it');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(fresh.translate('it', 'page.migration.welcome')).toBe('Welcome! Verify your credentials to migrate your existing account, or create a new one.');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/"page\.migration\.welcome".*"it"/));
    vi.doUnmock('../../locales/it.json');
  });

  it('answers a text the page does not carry once its dictionary has arrived, and tells the screens to translate again', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    fresh.addTexts('az', { button: { back: 'Geri' } });
    const arrived = new Promise<void>((resolve) => fresh.onTextsArrived(resolve));
    const warn = vi.spyOn(console, 'warn');
    expect(fresh.translate('az', 'button.back')).toBe('Geri');
    expect(fresh.translate('az', 'button.continue')).toBe('');
    await arrived;
    expect(fresh.translate('az', 'button.continue')).toBe('Davam et');
    expect(warn).not.toHaveBeenCalled();
  });

  it('answers the key itself, with a warning, when no language has it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
    expect(warn).toHaveBeenCalledOnce();
  });
});
