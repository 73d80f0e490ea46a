import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './Tabs';
import { initialTab } from './tab-options';

const tabs = [
  { tabKey: 'hidden', label: 'Hidden', visible: false },
  { tabKey: 'off', label: 'Off', enabled: false },
  { tabKey: 'general', label: 'General' },
  { tabKey: 'billing', label: 'Billing', error: true },
];

describe('Tabs', () => {
  it('selects the first visible enabled tab on load', () => {
    render(
      <Tabs label="Sections" tabs={tabs}>
        {(key) => `Panel ${key}`}
      </Tabs>,
    );
    expect(screen.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel general');
    expect(screen.queryByRole('tab', { name: 'Hidden' })).toBeNull();
  });

  it('selects the given tab on load', () => {
    render(
      <Tabs label="Sections" tabs={tabs} defaultValue="billing">
        {(key) => `Panel ${key}`}
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel billing');
  });

  it('moves with the arrow keys, skips a disabled tab and names a tab in error', async () => {
    const user = userEvent.setup();
    const setValue = vi.fn();
    render(
      <Tabs label="Sections" tabs={tabs} errorLabel="has errors" setValue={setValue}>
        {(key) => `Panel ${key}`}
      </Tabs>,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'General' }));
    await user.keyboard('{ArrowRight}');
    expect(setValue).toHaveBeenLastCalledWith('billing');
    expect(screen.getByRole('tab', { name: /^Billing\s*\(has errors\)$/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Off' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('falls back from a given tab that cannot be selected', () => {
    expect(initialTab(tabs, 'off')).toBe('general');
    expect(initialTab(tabs, 'nope')).toBe('general');
    expect(initialTab([], 'x')).toBeUndefined();
  });
});
