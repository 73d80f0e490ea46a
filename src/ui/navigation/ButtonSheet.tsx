import type { ComponentProps } from 'react';
import { cx } from '../internal/cx';

export interface ButtonSheetProps extends ComponentProps<'div'> {
  /** Where the buttons sit: start, center or end (flows 9). */
  align?: 'start' | 'center' | 'end';
  /** White or gray background (flows 9). */
  theme?: 'white' | 'gray';
}

/**
 * A bar that holds a row of buttons, such as a form's actions.
 *
 * @example
 * <ButtonSheet align="end" theme="gray"><Button>{t('button.save')}</Button></ButtonSheet>
 */
export function ButtonSheet({ align = 'end', theme = 'white', className, ...divProps }: ButtonSheetProps) {
  return <div {...divProps} className={cx('fd-button-sheet', `fd-button-sheet--${align}`, `fd-button-sheet--${theme}`, className)} />;
}
