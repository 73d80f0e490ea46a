import { describe, expect, it, vi } from 'vitest';
import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { NumberInput, formatFixed, parseDigits } from './NumberInput';

describe('NumberInput', () => {
  it('reads typed digits as hundredths by default', () => {
    const setValue = vi.fn();
    render(<NumberInput label="Price" setValue={setValue} />);
    const input = screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement;
    fireEvent.input(input, { target: { value: '1234' } });
    expect(setValue).toHaveBeenLastCalledWith(12.34);
    expect(input.value).toBe('12.34');
  });

  it('drops everything but digits', () => {
    expect(parseDigits('1a2,3.4 ')).toBe(12.34);
    expect(parseDigits('abc')).toBeNull();
  });

  it('divides by ten to the power of the fraction digits and shows that many decimals', () => {
    expect(parseDigits('1234', 3)).toBe(1.234);
    expect(formatFixed(5, 3)).toBe('5.000');
    render(<NumberInput label="Weight" fractionDigits={1} defaultValue={2} />);
    expect(screen.getByRole('textbox', { name: 'Weight' })).toHaveProperty('value', '2.0');
  });

  it('blocks paste', () => {
    render(<NumberInput label="Price" />);
    const input = screen.getByRole('textbox', { name: 'Price' });
    const paste = createEvent.paste(input);
    fireEvent(input, paste);
    expect(paste.defaultPrevented).toBe(true);
  });

  it('shows an empty box for no value', () => {
    render(<NumberInput label="Price" value={null} />);
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveProperty('value', '');
  });
});
