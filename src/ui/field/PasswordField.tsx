import { useState } from 'react';
import { FieldShell } from './FieldShell';
import { useAutoFocus } from './use-auto-focus';
import type { FieldProps } from './Field';

export interface PasswordFieldProps extends Omit<FieldProps, 'type'> {
  /** Accessible name of the toggle while the password is hidden, already translated. */
  showLabel: string;
  /** Accessible name of the toggle while the password is shown, already translated. */
  hideLabel: string;
}

/**
 * A password field whose text can be shown and hidden (flows 4 "Shared behaviours"). The toggle is
 * a real button that reports its state (`aria-pressed`) and never submits the form.
 *
 * @example
 * <PasswordField label="Password" autoComplete="current-password" showLabel="Show password" hideLabel="Hide password" />
 */
export function PasswordField({
  label,
  errors,
  hint,
  id,
  required,
  invalid,
  className,
  showLabel,
  hideLabel,
  autoFocus,
  ref,
  ...inputProps
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const focusRef = useAutoFocus(autoFocus, ref);
  return (
    <FieldShell label={label} errors={errors} hint={hint} required={required} invalid={invalid} id={id} className={className}>
      {(control) => (
        <div className="fd-password">
          <input
            {...inputProps}
            {...control}
            ref={focusRef}
            type={visible ? 'text' : 'password'}
            className="fd-field__input fd-password__input"
            autoCapitalize="off"
            spellCheck={false}
          />
          <button type="button" className="fd-password__toggle" aria-pressed={visible} aria-controls={control.id} onClick={() => setVisible((shown) => !shown)}>
            {/* Named by its text, not aria-label, so it is never mistaken for the field's label. */}
            <span className="fd-visually-hidden">{visible ? hideLabel : showLabel}</span>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7zm0 2c-3.6 0-6.6 3-7.8 5 1.2 2 4.2 5 7.8 5s6.6-3 7.8-5C18.6 10 15.6 7 12 7zm0 2a3 3 0 110 6 3 3 0 010-6z"
              />
              {visible && <path fill="currentColor" d="M3.3 2 22 20.7 20.7 22 2 3.3z" />}
            </svg>
          </button>
        </div>
      )}
    </FieldShell>
  );
}
