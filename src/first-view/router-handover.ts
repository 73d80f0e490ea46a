/**
 * The router's arrival after a first view: fetched when the browser is idle, so it never delays the
 * first screen, and started when a step moves on (or at once, for a page with no first view).
 */
const loadRouter = () => import('../app');

/** Starts the router over the page at its current address. */
export async function startRouter(root: HTMLElement): Promise<void> {
  await (await loadRouter()).startRouter(root);
}

/** Moves on with the router: the address first, then the router renders the screen it shows. */
export async function moveOnWithRouter(root: HTMLElement, href: string, replace: boolean): Promise<void> {
  history[replace ? 'replaceState' : 'pushState'](null, '', href);
  await startRouter(root);
}

/** Fetches the router once the page has loaded and the browser has nothing better to do. */
export function fetchRouterWhenIdle(): void {
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  const preload = () => idle(() => void loadRouter());
  if (document.readyState === 'complete') preload();
  else addEventListener('load', preload, { once: true });
}
