import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('is four rows high with no length limit by default', () => {
    render(<TextArea label="Notes" />);
    const area = screen.getByRole('textbox', { name: 'Notes' });
    expect(area.getAttribute('rows')).toBe('4');
    expect(area.hasAttribute('maxlength')).toBe(false);
    expect(document.querySelector('.fd-text-area__count')).toBeNull();
  });

  it('limits the length when told and counts the characters', () => {
    const setValue = vi.fn();
    render(<TextArea label="Notes" maxLength={20} setValue={setValue} />);
    const area = screen.getByRole('textbox', { name: 'Notes' });
    expect(area.getAttribute('maxlength')).toBe('20');
    fireEvent.input(area, { target: { value: 'Hello' } });
    expect(setValue).toHaveBeenCalledWith('Hello');
    expect(document.querySelector('.fd-text-area__count')?.textContent).toBe('5 / 20');
  });

  it('shows only the first error, tied to the text area', () => {
    render(<TextArea label="Notes" required errors={['Too short.', 'Other']} />);
    const area = screen.getByRole('textbox', { name: 'Notes' });
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(area.getAttribute('aria-describedby')!)?.textContent).toBe('Too short.');
    expect(screen.queryByText('Other')).toBeNull();
  });
});
