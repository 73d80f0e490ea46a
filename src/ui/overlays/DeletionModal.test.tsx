import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeletionModal } from './DeletionModal';

function renderModal() {
  const onDelete = vi.fn();
  render(
    <DeletionModal
      open
      title="Delete team?"
      warning="This cannot be undone."
      referenceText="Blue Team"
      inputLabel="Type Blue Team to confirm"
      mismatchError="The text does not match."
      deleteText="Delete"
      cancelText="Keep"
      onDelete={onDelete}
      onCancel={() => {}}
    />,
  );
  return { onDelete, input: screen.getByRole('textbox', { name: 'Type Blue Team to confirm' }) };
}

describe('DeletionModal', () => {
  it('shows a warning banner', () => {
    renderModal();
    expect(screen.getByRole('note').textContent).toBe('This cannot be undone.');
  });

  it('does nothing and marks the input in error when the text does not match', async () => {
    const user = userEvent.setup();
    const { onDelete, input } = renderModal();
    await user.type(input, 'blue team');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('The text does not match.');
  });

  it('deletes once the exact reference text is typed', async () => {
    const user = userEvent.setup();
    const { onDelete, input } = renderModal();
    await user.type(input, 'Blue Team{Enter}');
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
