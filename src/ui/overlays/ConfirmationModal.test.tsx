import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmationModal } from './ConfirmationModal';

function renderModal(props: Partial<Parameters<typeof ConfirmationModal>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmationModal
      open
      title="Leave?"
      message="Changes are lost."
      confirmText="Leave"
      cancelText="Stay"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmationModal', () => {
  it('is an alert dialog named by its title and described by its message', () => {
    renderModal();
    const dialog = screen.getByRole('alertdialog', { name: 'Leave?' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Changes are lost.');
  });

  it('disables the confirm button after one click', async () => {
    const user = userEvent.setup();
    const { onConfirm } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Leave' })).toHaveProperty('disabled', true);
  });

  it('waits for the extra checkbox when extra confirmation is asked for', async () => {
    const user = userEvent.setup();
    const { onConfirm } = renderModal({ extraConfirmation: 'I understand' });
    expect(screen.getByRole('button', { name: 'Leave' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'I understand' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('cancels on Escape', async () => {
    const user = userEvent.setup();
    const { onCancel, onConfirm } = renderModal();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('locks the page scroll while open', () => {
    renderModal();
    expect(document.body.style.overflow).toBe('hidden');
  });
});
