import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from '../internal/cx';

/** One choice of a checkbox or radio group. */
export interface ChoiceOption {
  value: string | number;
  /** Visible text, already translated. */
  text: string;
  disabled?: boolean;
}

export type ChoiceValue = string | number;

/** A value that looks like a number is handed out as a number: "3" -> 3, "2.5" -> 2.5 (flows 5). */
export function choiceValue(raw: ChoiceValue): ChoiceValue {
  return typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw;
}

export interface ChoiceGroupProps extends Omit<ComponentProps<'fieldset'>, 'defaultValue' | 'onChange'> {
  /** The group's legend, already translated. */
  label: string;
  options: readonly ChoiceOption[];
  /** Column by default (flows 9). */
  direction?: 'column' | 'row';
  required?: boolean;
  errors?: readonly string[];
  name?: string;
}

interface FrameProps extends ChoiceGroupProps {
  type: 'checkbox' | 'radio';
  isChecked: (value: ChoiceValue) => boolean;
  toggle: (value: ChoiceValue, checked: boolean) => void;
}

/** The fieldset, legend, asterisk, options and first-error line shared by checkbox and radio groups. */
export function ChoiceFrame({
  type,
  label,
  options,
  direction = 'column',
  required,
  errors,
  name,
  disabled,
  className,
  isChecked,
  toggle,
  ...fieldsetProps
}: FrameProps): ReactNode {
  const id = useId();
  const groupName = name ?? id;
  const error = errors?.[0];
  return (
    <fieldset
      {...fieldsetProps}
      disabled={disabled}
      className={cx('fd-choices', `fd-choices--${direction}`, className)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className={required ? 'fd-field__label fd-required' : 'fd-field__label'}>{label}</legend>
      <div className="fd-choices__list">
        {options.map((option) => (
          <label key={option.value} className="fd-choices__option">
            <input
              className={`fd-choices__${type}`}
              type={type}
              name={groupName}
              value={String(option.value)}
              disabled={option.disabled}
              required={type === 'radio' ? required : undefined}
              checked={isChecked(choiceValue(option.value))}
              onChange={(event) => toggle(choiceValue(option.value), event.currentTarget.checked)}
            />
            <span>{option.text}</span>
          </label>
        ))}
      </div>
      <p id={`${id}-error`} className="fd-field__error" aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}
