import { useStore } from '@nanostores/react';
import { $locale, t } from './i18n';

/** `t`, re-rendering the caller when the language changes. */
export function useT(): typeof t {
  useStore($locale);
  return t;
}
