import type { ComponentProps } from 'react';
import { cx } from '../internal/cx';

/**
 * The empty page template (flows 2): the content with the page's spacing and nothing else.
 *
 * @example
 * <EmptyPage><Dashboard /></EmptyPage>
 */
export function EmptyPage({ className, ...props }: ComponentProps<'section'>) {
  return <section {...props} className={cx('fd-page-template', 'fd-empty-page', className)} />;
}
