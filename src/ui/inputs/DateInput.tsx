import { useEffect, useRef, type ChangeEvent, type MouseEvent } from 'react';
import { Field, type FieldProps } from '../field/Field';
import { useControllable } from '../internal/use-controllable';

/** The latest date a date input accepts unless told otherwise (flows 5). */
export const DEFAULT_MAX_DATE = '9999-12-31';
/** Delay before the browser's picker opens on a click (flows 9). */
export const PICKER_DELAY_MS = 100;

export interface DateInputProps extends Omit<FieldProps, 'value' | 'defaultValue' | 'type' | 'onChange'> {
  /** `YYYY-MM-DD` for a date, `YYYY-MM-DDTHH:mm` for a date and time; `null` for none. */
  value?: string | null;
  defaultValue?: string | null;
  setValue?: (value: string | null) => void;
  type?: 'date' | 'datetime-local';
}

/**
 * The value a typed date stands for: a year below 999, or a zero month or day, reads as no date
 * (flows 5), as does anything the browser could not parse.
 */
export function readDate(text: string): string | null {
  const match = /^(\d{4,})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return year < 999 || month === 0 || day === 0 ? null : text;
}

/**
 * A date (or date and time) input with the platform's rules: at most 9999-12-31, nonsense years read
 * as empty, and the browser's picker opening 100 ms after a click (flows 5, 9).
 *
 * @example
 * <DateInput label={t('field.birthday')} value={birthday} setValue={setBirthday} />
 */
export function DateInput({ value, defaultValue = null, setValue, type = 'date', max, onClick, ...fieldProps }: DateInputProps) {
  const [current, update] = useControllable(value, setValue, defaultValue);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function click(event: MouseEvent<HTMLInputElement>) {
    onClick?.(event);
    const input = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      try {
        input.showPicker?.();
      } catch {
        // Refused without a user gesture or while the picker is already open: typing still works.
      }
    }, PICKER_DELAY_MS);
  }

  return (
    <Field
      {...fieldProps}
      type={type}
      max={max ?? (type === 'date' ? DEFAULT_MAX_DATE : `${DEFAULT_MAX_DATE}T23:59`)}
      value={current ?? ''}
      onClick={click}
      onChange={(event: ChangeEvent<HTMLInputElement>) => update(readDate(event.currentTarget.value))}
    />
  );
}
