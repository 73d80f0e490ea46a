import { useStore } from '@frontdoor/ui';
import { $locale, $textsArrived } from './locale';
import { translate } from './i18n';
import type { TextKey } from './text-keys';

export type { TextKey } from './text-keys';

/** Translates a text of the front door in the current language. */
export function t(key: TextKey, params?: Record<string, unknown>): string {
  return translate($locale.get(), key, params);
}

/** `t`, re-rendering the caller when the language changes, or texts it asked for arrive. */
export function useT(): typeof t {
  useStore($locale);
  useStore($textsArrived);
  return t;
}
