import { useState, type ClipboardEvent, type ComponentProps, type FormEvent, type KeyboardEvent } from 'react';
import { useAutoFocus } from '../field/use-auto-focus';
import { CODE_LENGTH, EMPTY_BOX, afterTyping, firstEmptyBox, pastedCode, withoutLastDigit, type PasteProblem } from './code-rules';

export interface CodeInputProps extends Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'type' | 'maxLength'> {
  /** The code so far: a digit a box, a space for a box a paste left empty, no empty box at its end. */
  value: string;
  setValue(value: string): void;
  /** How many boxes; 6 for a TOTP code (flows 5, 9). */
  length?: number;
  /** A paste held characters that are not digits (its boxes stay empty), or was refused for its length. */
  onPasteProblem?(problem: PasteProblem): void;
}

/**
 * A one-time code in single-character boxes (flows 5). One real input lies over the boxes, so screen
 * readers, password managers and the phone's code autofill see one field; the boxes show its
 * characters and where the next one goes. A paste of 6 characters (spaces left out) fills the boxes:
 * each digit its own, and a character that is not a digit leaves its box empty and is reported with
 * `onPasteProblem`; a paste of any other length is blocked, and reported too. Backspace or Delete
 * clears the last filled box; a typed digit goes to the first empty box.
 *
 * @example
 * const [code, setCode] = useState('');
 * <CodeInput aria-label="Code" value={code} setValue={setCode} onPasteProblem={say} />
 */
export function CodeInput({
  value,
  setValue,
  length = CODE_LENGTH,
  onPasteProblem,
  className,
  onKeyDown,
  onPaste,
  onFocus,
  onBlur,
  autoFocus,
  ref,
  ...inputProps
}: CodeInputProps) {
  const [focused, setFocused] = useState(false);
  const focusRef = useAutoFocus(autoFocus, ref);
  const active = Math.min(firstEmptyBox(value), length - 1);
  const emptyBoxes = value.split(EMPTY_BOX).length - 1;

  function input(event: FormEvent<HTMLInputElement>) {
    const next = afterTyping(value, event.currentTarget.value, length);
    // The caret always sits after the last character; the boxes show where the next digit goes.
    event.currentTarget.value = next;
    setValue(next);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      setValue(withoutLastDigit(value));
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !/\d/.test(event.key)) {
      event.preventDefault();
    }
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    onPaste?.(event);
    event.preventDefault();
    const pasted = pastedCode(event.clipboardData.getData('text'), length);
    // The boxes first, then what they could not hold: the report is the last word on the paste.
    if (pasted.code !== undefined) setValue(pasted.code);
    if (pasted.problem) onPasteProblem?.(pasted.problem);
  }

  return (
    <div className={className ? `fd-code ${className}` : 'fd-code'} data-focused={focused || undefined}>
      <input
        {...inputProps}
        ref={focusRef}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`[0-9]{${length}}`}
        // Room for a digit in each box a paste left empty: it goes there, not past the last box.
        maxLength={length + emptyBoxes}
        className="fd-code__input"
        value={value}
        onInput={input}
        onKeyDown={keyDown}
        onPaste={paste}
        onFocus={(event) => {
          setFocused(true);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          setFocused(false);
          onBlur?.(event);
        }}
      />
      <div className="fd-code__boxes" aria-hidden="true">
        {Array.from({ length }, (_, index) => {
          const digit = value[index] === EMPTY_BOX ? undefined : value[index];
          return (
            <span key={index} className="fd-code__box" data-filled={digit !== undefined || undefined} data-active={(focused && index === active) || undefined}>
              <span className="fd-code__digit">{digit ?? ''}</span>
            </span>
          );
        })}
      </div>
    </div>
  );
}
