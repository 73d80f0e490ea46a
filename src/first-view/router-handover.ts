/**
 * The router's arrival after a first view: fetched only when the page hands itself over
 * (docs/decisions/0013-sign-in-without-the-router.md), never on the sign-in path.
 */
export const loadRouter = () => import('../app');

/** Starts the router over the page at its current address. */
export async function startRouter(root: HTMLElement): Promise<void> {
  await (await loadRouter()).startRouter(root);
}

/** Moves on with the router: the address first, then the router renders the screen it shows. */
export async function moveOnWithRouter(root: HTMLElement, href: string, replace: boolean): Promise<void> {
  history[replace ? 'replaceState' : 'pushState'](null, '', href);
  await startRouter(root);
}
