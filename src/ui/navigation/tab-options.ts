/** A menu or tab option (flows 3): enabled and visible unless told otherwise, not in error. */
export interface TabOption {
  tabKey: string;
  /** Visible text, already translated. */
  label: string;
  enabled?: boolean;
  visible?: boolean;
  error?: boolean;
}

export const isShown = (tab: TabOption) => tab.visible !== false;
export const isSelectable = (tab: TabOption) => isShown(tab) && tab.enabled !== false;

/** The tab selected on load: the given one if it can be selected, else the first visible enabled tab (flows 4). */
export function initialTab(tabs: readonly TabOption[], given?: string | null): string | undefined {
  const wanted = tabs.find((tab) => tab.tabKey === given);
  return wanted && isSelectable(wanted) ? wanted.tabKey : tabs.find(isSelectable)?.tabKey;
}
