import type { ComponentProps } from 'react';
import { cx } from '../internal/cx';

export interface CleanLayoutProps extends Omit<ComponentProps<'main'>, 'ref'> {
  /** `div` when the page around it already has its main landmark (a preview inside a page). */
  as?: 'main' | 'div';
}

/**
 * The clean layout (flows 2): the page's content alone, full width, with no header, menu or footer.
 *
 * @example
 * <CleanLayout><Outlet /></CleanLayout>
 */
export function CleanLayout({ as: Element = 'main', className, ...props }: CleanLayoutProps) {
  return <Element {...props} className={cx('fd-clean-layout', className)} />;
}
