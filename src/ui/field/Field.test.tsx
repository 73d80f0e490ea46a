import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/preact';
import { Field } from './Field';

afterEach(cleanup);

describe('Field', () => {
  it('labels its input and marks a required one for the asterisk, keeping the name the label', () => {
    render(<Field label="E-mail" required />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveProperty('required', true);
    expect(document.querySelector('label')?.classList.contains('fd-required')).toBe(true);
  });

  it('marks no asterisk on an optional field', () => {
    render(<Field label="Nickname" />);
    expect(document.querySelector('label')?.classList.contains('fd-required')).toBe(false);
  });

  it('shows only the first error and ties it to the input', () => {
    render(<Field label="E-mail" errors={['Enter an e-mail.', 'Second error']} />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const description = document.getElementById(input.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe('Enter an e-mail.');
    expect(screen.queryByText('Second error')).toBeNull();
  });

  it('keeps the error line in place, empty, while the value is valid', () => {
    render(<Field label="E-mail" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(document.querySelector('.fd-field__error')?.textContent).toBe('');
  });
});
