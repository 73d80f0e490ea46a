import type { ComponentProps } from 'react';
import { cx } from '../internal/cx';

/**
 * The centre page template (flows 2): its content in the middle of the page, in a narrow column.
 *
 * @example
 * <CentrePage><EmptyState /></CentrePage>
 */
export function CentrePage({ className, ...props }: ComponentProps<'section'>) {
  return <section {...props} className={cx('fd-page-template', 'fd-centre-page', className)} />;
}
