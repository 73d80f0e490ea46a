import type { ComponentProps } from 'react';
import { cx } from '../internal/cx';

export interface OverlayProps extends ComponentProps<'div'> {
  /** Light or dark (flows 9); dark by default. */
  theme?: 'light' | 'dark';
}

/**
 * A full-screen layer that dims the page behind a dialog or panel (flows 9: light or dark).
 *
 * @example
 * <Overlay theme="light" onClick={close} />
 */
export function Overlay({ theme = 'dark', className, ...divProps }: OverlayProps) {
  return <div {...divProps} className={cx('fd-overlay', `fd-overlay--${theme}`, className)} />;
}
