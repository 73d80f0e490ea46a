import type { FieldModel } from '@frontdoor/ui';
import type { TextKey } from '../../i18n/t';

/** The props that show a field model's state on a toolkit field: its asterisk and its translated errors. */
export function shown(field: FieldModel<TextKey>, t: (key: TextKey) => string) {
  return { required: field.required, errors: field.error ? field.errors.map((key) => t(key)) : undefined };
}
