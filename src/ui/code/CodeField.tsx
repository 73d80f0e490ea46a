import { useState, type ReactNode } from 'react';
import { FieldShell } from '../field/FieldShell';
import { CodeInput, type CodeInputProps } from './CodeInput';
import type { PasteProblem } from './code-rules';

/** What the field says of a paste it could not take whole, already translated. */
export interface CodePasteTexts {
  /** Names the pasted characters that are not digits, e.g. `(['a']) => 'Only digits: “a” is not a digit.'` */
  notDigits(characters: readonly string[]): string;
  /** A paste of another length was blocked, e.g. 'Paste exactly 6 digits.' */
  wrongLength: string;
}

export interface CodeFieldProps extends CodeInputProps {
  /** Visible label text, already translated. */
  label: string;
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
  invalid?: boolean | undefined;
  /** Without them, a paste's problem is only reported to `onPasteProblem`. */
  pasteTexts?: CodePasteTexts | undefined;
}

const pasteMessage = (problem: PasteProblem, texts: CodePasteTexts) =>
  problem.kind === 'not-digits' ? texts.notDigits(problem.characters) : texts.wrongLength;

/**
 * A labelled one-time code field: the 6 boxes of `CodeInput` with the accessibility of `FieldShell`.
 * What a paste could not put in the boxes is said in the field's error line, announced politely,
 * until the boxes change again (flows 5).
 *
 * @example
 * <CodeField label="6-digit code" required value={code} setValue={setCode} errors={errors} pasteTexts={pasteTexts} />
 */
export function CodeField({ label, errors, hint, id, required, invalid, className, pasteTexts, setValue, onPasteProblem, ...codeProps }: CodeFieldProps) {
  const [pasteError, setPasteError] = useState<string>();
  return (
    <FieldShell
      label={label}
      errors={pasteError ? [pasteError, ...(errors ?? [])] : errors}
      hint={hint}
      required={required}
      invalid={invalid}
      id={id}
      className={className}
    >
      {(control) => (
        <CodeInput
          {...codeProps}
          {...control}
          setValue={(value) => {
            setPasteError(undefined);
            setValue(value);
          }}
          onPasteProblem={(problem) => {
            setPasteError(pasteTexts && pasteMessage(problem, pasteTexts));
            onPasteProblem?.(problem);
          }}
        />
      )}
    </FieldShell>
  );
}
