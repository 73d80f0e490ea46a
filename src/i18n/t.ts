import { useStore } from '@nanostores/react';
import { $locale } from '../stores/locale';
import { translate } from './i18n';

/** Translates a dotted key in the current language. */
export function t(key: string, params?: Record<string, unknown>): string {
  return translate($locale.get(), key, params);
}

/** `t`, re-rendering the caller when the language changes. */
export function useT(): typeof t {
  useStore($locale);
  return t;
}
