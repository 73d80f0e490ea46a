import type { ReactNode } from 'react';
import { FieldShell } from '../field/FieldShell';
import { CodeInput, type CodeInputProps } from './CodeInput';

export interface CodeFieldProps extends CodeInputProps {
  /** Visible label text, already translated. */
  label: string;
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
  invalid?: boolean | undefined;
}

/**
 * A labelled one-time code field: the 6 boxes of `CodeInput` with the accessibility of `FieldShell`.
 *
 * @example
 * <CodeField label="6-digit code" required value={code} setValue={setCode} errors={errors} />
 */
export function CodeField({ label, errors, hint, id, required, invalid, className, ...codeProps }: CodeFieldProps) {
  return (
    <FieldShell label={label} errors={errors} hint={hint} required={required} invalid={invalid} id={id} className={className}>
      {(control) => <CodeInput {...codeProps} {...control} />}
    </FieldShell>
  );
}
