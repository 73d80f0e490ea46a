/** What the code boxes say of a paste they could not take whole (flows 5), in the current language. */
import type { CodePasteTexts } from '@frontdoor/ui';
import { t } from '../../i18n/t';
import { $locale } from '../../i18n/locale';

export function codePasteTexts(): CodePasteTexts {
  return {
    notDigits: (characters) => {
      const quoted = characters.map((character) => t('field.code.quoted', { character }));
      if (quoted.length === 1) return t('field.code.paste-not-digit', { character: quoted[0] });
      return t('field.code.paste-not-digits', { characters: new Intl.ListFormat($locale.get(), { type: 'conjunction' }).format(quoted) });
    },
    wrongLength: t('field.code.paste-length'),
  };
}
