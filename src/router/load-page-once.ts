const LOADED = 'frontdoor-loaded:';

/**
 * A screen whose files cannot arrive (a deploy removed the chunks this page knew) is shown by a
 * whole page load of its address, which brings the new files. Once per address until a screen is
 * shown there (`pageShown`): should the new page's files fail too, answers false, and the caller
 * shows the error screen instead of loading again and again. Without session storage, no load.
 */
export function loadPageOnce(href: string, load: (href: string) => void): boolean {
  const key = LOADED + href;
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    return false;
  }
  load(href);
  return true;
}

/** A screen was shown at the address: a later failure there may load the page again. */
export function pageShown(href: string): void {
  try {
    sessionStorage.removeItem(LOADED + href);
  } catch {
    // Nothing was kept.
  }
}
