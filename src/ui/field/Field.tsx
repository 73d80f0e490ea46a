import type { ComponentProps, ReactNode } from 'react';
import { FieldShell } from './FieldShell';
import { useAutoFocus } from './use-auto-focus';

export interface FieldProps extends ComponentProps<'input'> {
  /** Visible label text, already translated. */
  label: string;
  /** Error messages, already translated; only the first is shown (flows 5). */
  errors?: readonly string[] | undefined;
  /** A hint under the input, already translated. */
  hint?: ReactNode;
  /** Marks the input invalid without a message of its own. */
  invalid?: boolean | undefined;
}

/**
 * A labelled input that owns its accessibility: id, label, asterisk for required fields,
 * `aria-invalid`, `aria-describedby` and a reserved line for the first error (flows 5).
 *
 * @example
 * <Field label={t('field.email.label')} type="email" required errors={[t('field.email.invalid')]} />
 */
export function Field({ label, errors, hint, id, required, invalid, className, autoFocus, ref, ...inputProps }: FieldProps) {
  const focusRef = useAutoFocus(autoFocus, ref);
  return (
    <FieldShell label={label} errors={errors} hint={hint} required={required} invalid={invalid} id={id} className={className}>
      {(control) => <input {...inputProps} {...control} ref={focusRef} className="fd-field__input" />}
    </FieldShell>
  );
}
