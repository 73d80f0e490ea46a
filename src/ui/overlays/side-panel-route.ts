/** Where closing a side panel goes: the parent route, asked to reload when `reload` is set (flows 2). */
export interface SidePanelParent {
  to: string;
  search: Record<string, string>;
}

/** The search parameter and value that ask the parent route to reload (flows 2). */
export const RELOAD_PARAMETER = { name: 'action', value: 'reload' } as const;

/**
 * The navigation target that closes a side panel shown as a child route: the path without its last
 * segment, keeping the search parameters, with `action=reload` when the parent should reload.
 * Router-agnostic: pass the result to the app's `navigate`.
 *
 * @example
 * navigate(sidePanelParent('/teams/42/edit', { tab: 'members' }, { reload: true }))
 * // { to: '/teams/42', search: { tab: 'members', action: 'reload' } }
 */
export function sidePanelParent(pathname: string, search: Record<string, string> = {}, { reload = false } = {}): SidePanelParent {
  const segments = pathname.split('/');
  // Trailing slashes leave empty segments, which are no level of their own.
  while (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  const to = segments.slice(0, -1).join('/') || '/';
  const { [RELOAD_PARAMETER.name]: _previous, ...kept } = search;
  return { to, search: reload ? { ...kept, [RELOAD_PARAMETER.name]: RELOAD_PARAMETER.value } : kept };
}

/** Whether the parent route was asked to reload, read from its search parameters. */
export function shouldReload(search: Record<string, unknown>): boolean {
  return search[RELOAD_PARAMETER.name] === RELOAD_PARAMETER.value;
}
