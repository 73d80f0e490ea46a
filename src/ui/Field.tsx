import { forwardRef, useId, type InputHTMLAttributes } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Visible label text, already translated. */
  label: string;
  /** Error messages, already translated; only the first is shown (spec section 5). */
  errors?: readonly string[];
}

/**
 * A labelled input that owns its accessibility: id, label, asterisk for required fields,
 * `aria-invalid`, `aria-describedby` and a reserved line for the first error (spec section 5).
 *
 * @example
 * <Field label={t('field.email.label')} type="email" required errors={[t('field.email.invalid')]} />
 */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, errors, id, required, className, ...inputProps },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const error = errors?.[0];
  return (
    <div className={className ? `fd-field ${className}` : 'fd-field'}>
      <label className="fd-field__label" htmlFor={inputId}>
        {label}
        {required && (
          <span className="fd-field__asterisk" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <input
        {...inputProps}
        ref={ref}
        id={inputId}
        required={required}
        className="fd-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <p id={errorId} className="fd-field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
});
