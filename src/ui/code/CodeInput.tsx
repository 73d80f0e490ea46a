import { useState, type ClipboardEvent, type ComponentProps, type FormEvent, type KeyboardEvent } from 'react';
import { useAutoFocus } from '../field/use-auto-focus';

export const CODE_LENGTH = 6;

export interface CodeInputProps extends Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'type' | 'maxLength'> {
  /** The code typed so far, digits only. */
  value: string;
  setValue(value: string): void;
  /** How many boxes; 6 for a TOTP code (flows 5, 9). */
  length?: number;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** What a paste gives: exactly `length` digits (spaces around or inside ignored), else nothing. */
export function pastedCode(text: string, length: number = CODE_LENGTH): string | undefined {
  const compact = text.replace(/\s/g, '');
  return compact.length === length && /^\d+$/.test(compact) ? compact : undefined;
}

/**
 * A one-time code in single-character boxes (flows 5). One real input lies over the boxes, so screen
 * readers, password managers and the phone's code autofill see one field; the boxes show its
 * characters and where the next one goes. A paste of exactly 6 digits fills every box, any other
 * paste is blocked; Backspace or Delete clears the last filled box; typing goes to the next empty box.
 *
 * @example
 * const [code, setCode] = useState('');
 * <CodeInput aria-label="Code" value={code} setValue={setCode} />
 */
export function CodeInput({
  value,
  setValue,
  length = CODE_LENGTH,
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
  const active = Math.min(value.length, length - 1);

  function input(event: FormEvent<HTMLInputElement>) {
    const next = digitsOf(event.currentTarget.value).slice(0, length);
    // The caret always sits after the last character, where the next one goes.
    event.currentTarget.value = next;
    setValue(next);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      setValue(value.slice(0, -1));
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !/\d/.test(event.key)) {
      event.preventDefault();
    }
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    onPaste?.(event);
    event.preventDefault();
    const code = pastedCode(event.clipboardData.getData('text'), length);
    if (code) setValue(code);
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
        maxLength={length}
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
        {Array.from({ length }, (_, index) => (
          <span key={index} className="fd-code__box" data-filled={index < value.length || undefined} data-active={(focused && index === active) || undefined}>
            {value[index] ?? ''}
          </span>
        ))}
      </div>
    </div>
  );
}
