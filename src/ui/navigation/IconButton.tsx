import type { ComponentProps } from 'react';
import { cx } from '../internal/cx';

export type IconButtonFrame = 'round' | 'square';
const FRAMES: readonly string[] = ['round', 'square'] satisfies IconButtonFrame[];

export interface IconButtonProps extends ComponentProps<'button'> {
  /** The button's accessible name, already translated (the icon itself says nothing). */
  label: string;
  /** Round (very large corners) or square (about 6 px corners), flows 5 and 9. */
  frame?: IconButtonFrame;
  /** Inner padding in pixels; 0 by default (flows 9). */
  padding?: number;
}

/**
 * A button that shows only an icon, named for screen readers by `label`. A frame other than round or
 * square is refused with a console warning and drawn round (flows 5).
 *
 * @example
 * <IconButton label={t('button.delete')} frame="square" onClick={remove}><TrashIcon /></IconButton>
 */
export function IconButton({ label, frame = 'round', padding = 0, className, style, type = 'button', children, ...buttonProps }: IconButtonProps) {
  if (!FRAMES.includes(frame)) console.warn(`IconButton frame must be round or square, not "${frame}".`);
  const shape = FRAMES.includes(frame) ? frame : 'round';
  return (
    <button
      {...buttonProps}
      type={type}
      aria-label={label}
      title={buttonProps.title ?? label}
      className={cx('fd-icon-button', `fd-icon-button--${shape}`, className)}
      style={{ padding: `${padding}px`, ...style }}
    >
      {children}
    </button>
  );
}
