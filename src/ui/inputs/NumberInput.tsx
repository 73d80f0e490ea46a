import type { ChangeEvent, ClipboardEvent } from 'react';
import { Field, type FieldProps } from '../field/Field';
import { useControllable } from '../internal/use-controllable';

/** Default count of decimals (flows 9). */
export const DEFAULT_FRACTION_DIGITS = 2;

export interface NumberInputProps extends Omit<FieldProps, 'value' | 'defaultValue' | 'type' | 'onChange'> {
  value?: number | null;
  defaultValue?: number | null;
  setValue?: (value: number | null) => void;
  /** Decimals shown and implied by the typed digits (flows 5); default 2. */
  fractionDigits?: number;
}

/** The number that typed text stands for: its digits only, divided by 10^fractionDigits (flows 5). */
export function parseDigits(text: string, fractionDigits = DEFAULT_FRACTION_DIGITS): number | null {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? null : Number(digits) / 10 ** fractionDigits;
}

/** A number with a fixed count of decimals, or nothing for no value (flows 5). */
export function formatFixed(value: number | null, fractionDigits = DEFAULT_FRACTION_DIGITS): string {
  return value === null ? '' : value.toFixed(fractionDigits);
}

/**
 * An amount typed as digits, cash-register style: "1234" reads 12.34 with two decimals. Paste is
 * blocked (flows 5), so only typed digits make the value.
 *
 * @example
 * <NumberInput label={t('field.price')} value={price} setValue={setPrice} fractionDigits={2} />
 */
export function NumberInput({ value, defaultValue = null, setValue, fractionDigits = DEFAULT_FRACTION_DIGITS, onPaste, ...fieldProps }: NumberInputProps) {
  const [current, update] = useControllable(value, setValue, defaultValue);

  function change(event: ChangeEvent<HTMLInputElement>) {
    const next = parseDigits(event.currentTarget.value, fractionDigits);
    // Written back at once: a typed letter leaves the value unchanged, so no render would remove it.
    event.currentTarget.value = formatFixed(next, fractionDigits);
    update(next);
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    onPaste?.(event);
  }

  return (
    <Field {...fieldProps} type="text" inputMode="numeric" autoComplete="off" value={formatFixed(current, fractionDigits)} onChange={change} onPaste={paste} />
  );
}
