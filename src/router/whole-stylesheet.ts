/**
 * The page's whole stylesheet (docs/decisions/0014-a-page-carries-its-screen.md). A page inlines
 * the rules of what the prerendered pages show (scripts/prerender/first-view-css.ts); what only
 * scripts show, a busy button's spinner, a toast, the rules of a new password, comes with this
 * file, added once the first view has taken over and awaited before another screen is shown.
 */
import { scriptsBlock } from './scripts-block';

let added: Promise<void> | undefined;

export function wholeStylesheet(): Promise<void> {
  added ??= new Promise<void>((resolve) => {
    const { styles } = scriptsBlock();
    if (!styles) return resolve();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = styles;
    // Failed, it leaves the page as it is: the inlined rules still hold.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  return added;
}
