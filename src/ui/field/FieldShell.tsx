import { useId, type ReactNode } from 'react';

/** What a control needs to be wired to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldShellProps {
  /** Visible label text, already translated. */
  label: string;
  /** Error messages, already translated; only the first is shown (flows 5). */
  errors?: readonly string[] | undefined;
  /** A hint under the control, already translated; announced with the control. */
  hint?: ReactNode;
  required?: boolean | undefined;
  /** Marks the control invalid without a message of its own (the message stands elsewhere). */
  invalid?: boolean | undefined;
  /** The control's id; one is made when absent. */
  id?: string | undefined;
  className?: string | undefined;
  /** Renders the control with the props that wire it up. */
  children(control: FieldControlProps): ReactNode;
}

/**
 * The accessibility of a form field in one place (flows 5): the label with an asterisk after
 * required ones (drawn by CSS with an empty text alternative: screen readers announce `required`
 * themselves, and the label's name stays the label), the hint, the
 * first error only, `aria-invalid` and `aria-describedby`, and a reserved line for the error so the
 * form does not jump when one appears. Every field of the toolkit is built on it.
 *
 * @example
 * <FieldShell label="Code" errors={errors}>{(control) => <input {...control} />}</FieldShell>
 */
export function FieldShell({ label, errors, hint, required, invalid, id, className, children }: FieldShellProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const error = errors?.[0];
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `fd-field ${className}` : 'fd-field'}>
      <label className={required ? 'fd-field__label fd-required' : 'fd-field__label'} htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, required, 'aria-invalid': error || invalid ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <div id={hintId} className="fd-field__hint">
          {hint}
        </div>
      )}
      <p id={errorId} className="fd-field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
