import type { ComponentProps, MouseEvent } from 'react';

export type ButtonTheme = 'primary' | 'cta';

export interface ButtonProps extends Omit<ComponentProps<'button'>, 'disabled'> {
  /** primary for the main action, cta for a call to action that must stand out (flows 5). */
  theme?: ButtonTheme;
  /** solid for the step's action, quiet for a way out (Back, Skip). */
  variant?: 'solid' | 'quiet';
  /** Buttons are enabled unless told otherwise (flows 9). */
  enabled?: boolean;
  /** The action is under way: the button says so, keeps focus and takes no second click. */
  busy?: boolean;
  /** What a screen reader hears while busy, already translated. */
  busyLabel?: string;
}

/**
 * A button of the platform (flows 5, 9): theme primary or cta, enabled by default, `type="button"`
 * unless said otherwise. While `busy` it shows progress and ignores clicks, so nothing is sent twice.
 *
 * @example
 * <Button type="submit" enabled={valid} busy={sending} busyLabel={t('app.busy')}>{t('button.continue')}</Button>
 */
export function Button({
  theme = 'primary',
  variant = 'solid',
  enabled = true,
  busy = false,
  busyLabel,
  className,
  type = 'button',
  onClick,
  children,
  ...buttonProps
}: ButtonProps) {
  if (theme !== 'primary' && theme !== 'cta') throw new Error(`Button theme must be primary or cta, got "${String(theme)}".`);
  function click(event: MouseEvent<HTMLButtonElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }
  const classes = ['fd-button', `fd-button--${theme}`, variant === 'quiet' ? 'fd-button--quiet' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button {...buttonProps} type={type} className={classes} disabled={!enabled} aria-busy={busy || undefined} onClick={click}>
      {busy && <span className="fd-button__spinner" aria-hidden="true" />}
      <span className="fd-button__label">{children}</span>
      {busy && busyLabel && <span className="fd-visually-hidden">{busyLabel}</span>}
    </button>
  );
}
