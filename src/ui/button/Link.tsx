import type { ComponentProps } from 'react';
import { linkClassName, type LinkTheme } from './link-theme';

export interface LinkProps extends ComponentProps<'a'> {
  theme?: LinkTheme;
}

/**
 * An anchor in one of the platform's link themes: link, button or cta-button (flows 9).
 *
 * @example
 * <Link theme="button" href="/login">Login</Link>
 */
export function Link({ theme = 'link', className, ...anchorProps }: LinkProps) {
  return <a {...anchorProps} className={linkClassName(theme, className)} />;
}
