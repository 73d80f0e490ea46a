import { useState, type ReactNode } from 'react';
import { useControllable } from '../internal/use-controllable';
import { Tab, TabList, TabPanel, TabProvider } from '@ariakit/react';
import { cx } from '../internal/cx';
import { initialTab, isShown, type TabOption } from './tab-options';

export interface TabsProps {
  tabs: readonly TabOption[];
  /** The selected tab's key, controlled. */
  value?: string;
  /** The tab to select on load, if it can be selected (flows 4). */
  defaultValue?: string;
  setValue?: (tabKey: string) => void;
  /** Names the tab list for screen readers, already translated. */
  label: string;
  /** Read after the label of a tab in error, such as "has errors", already translated. */
  errorLabel?: string;
  /** The content of a tab's panel, asked for the selected tab only. */
  children: (tabKey: string) => ReactNode;
  className?: string;
}

/**
 * Tabs on Ariakit (arrow keys move between tabs, Home and End jump): the given tab is selected on
 * load, else the first visible enabled one (flows 4). Hidden tabs are left out, disabled ones stay
 * visible but cannot be chosen, and a tab in error carries a mark.
 *
 * @example
 * <Tabs label={t('profile.sections')} tabs={[{ tabKey: 'general', label: t('profile.general') }]}>{(key) => <Section name={key} />}</Tabs>
 */
export function Tabs({ tabs, value, defaultValue, setValue, label, errorLabel, children, className }: TabsProps) {
  const [initial] = useState(() => initialTab(tabs, value ?? defaultValue));
  const [selected, select] = useControllable(value, setValue, initial);
  const shown = tabs.filter(isShown);
  return (
    <div className={cx('fd-tabs', className)}>
      <TabProvider selectedId={selected} setSelectedId={(id) => id && select(id)}>
        <TabList className="fd-tabs__list" aria-label={label}>
          {shown.map((tab) => (
            <Tab key={tab.tabKey} id={tab.tabKey} disabled={tab.enabled === false} className={cx('fd-tabs__tab', tab.error && 'fd-tabs__tab--error')}>
              {tab.label}
              {tab.error && <span className="fd-tabs__error-mark" aria-hidden="true" />}
              {tab.error && errorLabel && <span className="fd-visually-hidden">{` (${errorLabel})`}</span>}
            </Tab>
          ))}
        </TabList>
        {/* Only the selected tab's panel exists, so a switch never shows two panels, not even for a frame. */}
        {shown
          .filter((tab) => tab.tabKey === selected)
          .map((tab) => (
            <TabPanel key={tab.tabKey} tabId={tab.tabKey} className="fd-tabs__panel">
              {children(tab.tabKey)}
            </TabPanel>
          ))}
      </TabProvider>
    </div>
  );
}
