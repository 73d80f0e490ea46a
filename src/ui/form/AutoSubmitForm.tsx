import { useEffect, useRef, type ComponentProps, type InputEvent } from 'react';

/** Inactivity after which an auto-submit form sends itself (flows 5, 9). */
export const AUTO_SUBMIT_DELAY_MS = 500;

export interface AutoSubmitFormProps extends ComponentProps<'form'> {
  /** Called with the form once input has rested for `delay` ms. */
  onAutoSubmit(form: HTMLFormElement): void;
  delay?: number;
}

/**
 * A form that submits itself 500 ms after the last input (flows 5): a search or filter that follows
 * what is typed without a button, and without a request per key.
 *
 * @example
 * <AutoSubmitForm onAutoSubmit={(form) => search(new FormData(form).get('q'))}><input name="q" /></AutoSubmitForm>
 */
export function AutoSubmitForm({ onAutoSubmit, delay = AUTO_SUBMIT_DELAY_MS, onInput, children, ...formProps }: AutoSubmitFormProps) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  function input(event: InputEvent<HTMLFormElement>) {
    onInput?.(event);
    const form = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onAutoSubmit(form), delay);
  }
  return (
    <form {...formProps} onInput={input}>
      {children}
    </form>
  );
}
