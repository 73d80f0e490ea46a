import type { ChangeEvent, ComponentProps } from 'react';
import { FieldShell } from '../field/FieldShell';
import { useControllable } from '../internal/use-controllable';
import { cx } from '../internal/cx';

/** Range defaults (flows 9). */
export const RANGE_DEFAULTS = { min: 0, max: 10, step: 1 } as const;

export interface RangeInputProps extends Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'type' | 'onChange' | 'min' | 'max' | 'step'> {
  label: string;
  errors?: readonly string[];
  value?: number;
  defaultValue?: number;
  setValue?: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
}

/**
 * A slider from 0 to 10 in steps of 1 unless told otherwise (flows 9), showing its current value
 * beside it (screen readers hear the slider's own value).
 *
 * @example
 * <RangeInput label={t('field.rating')} value={rating} setValue={setRating} />
 */
export function RangeInput({
  label,
  errors,
  required,
  id,
  className,
  value,
  defaultValue,
  setValue,
  min = RANGE_DEFAULTS.min,
  max = RANGE_DEFAULTS.max,
  step = RANGE_DEFAULTS.step,
  ...inputProps
}: RangeInputProps) {
  const [current, update] = useControllable(value, setValue, defaultValue ?? min);
  return (
    <FieldShell label={label} errors={errors} required={required} id={id} className={cx('fd-range', className)}>
      {(control) => (
        <div className="fd-range__row">
          <input
            {...inputProps}
            {...control}
            className="fd-range__input"
            type="range"
            min={min}
            max={max}
            step={step}
            value={current}
            onChange={(event: ChangeEvent<HTMLInputElement>) => update(Number(event.currentTarget.value))}
          />
          <output className="fd-range__value" aria-hidden="true">
            {current}
          </output>
        </div>
      )}
    </FieldShell>
  );
}
