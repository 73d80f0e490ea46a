import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SidePanel } from './SidePanel';
import { sidePanelParent, shouldReload } from './side-panel-route';

const confirmation = { title: 'Leave without saving?', leaveText: 'Leave', stayText: 'Stay' };

describe('SidePanel', () => {
  it('closes on Escape and with the close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<SidePanel title="Edit team" closeLabel="Close" onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Edit team' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('asks first when confirmation is required: staying keeps it, leaving closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<SidePanel title="Edit team" closeLabel="Close" onClose={onClose} confirmation={confirmation} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('locks the page scroll while shown', () => {
    const { unmount } = render(<SidePanel title="Edit team" closeLabel="Close" onClose={() => {}} />);
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('');
  });
});

describe('closing a side panel route', () => {
  it('goes to the parent route, with action=reload when the parent should reload', () => {
    expect(sidePanelParent('/teams/42/edit', { tab: 'members' })).toEqual({ to: '/teams/42', search: { tab: 'members' } });
    expect(sidePanelParent('/teams/42/edit/', {}, { reload: true })).toEqual({ to: '/teams/42', search: { action: 'reload' } });
    expect(sidePanelParent('/edit')).toEqual({ to: '/', search: {} });
    expect(shouldReload({ action: 'reload' })).toBe(true);
    expect(shouldReload({})).toBe(false);
  });
});
