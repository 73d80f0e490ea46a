/** How a link looks (flows 9): an inline link, a button, or a call-to-action button. */
export type LinkTheme = 'link' | 'button' | 'cta-button';

const CLASSES: Record<LinkTheme, string> = {
  link: 'fd-link',
  button: 'fd-button fd-button--primary fd-link--button',
  'cta-button': 'fd-button fd-button--cta fd-link--button',
};

/** The classes of a link theme, for any anchor (a router's link component included). */
export function linkClassName(theme: LinkTheme = 'link', className?: string): string {
  return className ? `${CLASSES[theme]} ${className}` : CLASSES[theme];
}
