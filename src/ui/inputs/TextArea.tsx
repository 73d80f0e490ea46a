import type { ChangeEvent, ComponentProps } from 'react';
import { FieldShell } from '../field/FieldShell';
import { useControllable } from '../internal/use-controllable';
import { cx } from '../internal/cx';

/** Default height of a text area in rows (flows 9). */
export const DEFAULT_TEXT_AREA_ROWS = 4;

export interface TextAreaProps extends Omit<ComponentProps<'textarea'>, 'value' | 'defaultValue' | 'onChange'> {
  label: string;
  errors?: readonly string[];
  value?: string;
  defaultValue?: string;
  setValue?: (value: string) => void;
}

/**
 * Free text over several lines: 4 rows by default, with an optional maximum length and a counter,
 * read with the field, when there is one (flows 5).
 *
 * @example
 * <TextArea label={t('field.notes')} maxLength={500} value={notes} setValue={setNotes} />
 */
export function TextArea({
  label,
  errors,
  required,
  id,
  className,
  value,
  defaultValue = '',
  setValue,
  rows = DEFAULT_TEXT_AREA_ROWS,
  maxLength,
  ...textAreaProps
}: TextAreaProps) {
  const [current, update] = useControllable(value, setValue, defaultValue);
  return (
    <FieldShell
      label={label}
      errors={errors}
      required={required}
      id={id}
      className={cx('fd-text-area', className)}
      hint={maxLength !== undefined && <span className="fd-text-area__count">{`${current.length} / ${maxLength}`}</span>}
    >
      {(control) => (
        <textarea
          {...textAreaProps}
          {...control}
          className="fd-field__input fd-text-area__input"
          rows={rows}
          maxLength={maxLength}
          value={current}
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => update(event.currentTarget.value)}
        />
      )}
    </FieldShell>
  );
}
