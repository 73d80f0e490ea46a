import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { RangeInput } from './RangeInput';

describe('RangeInput', () => {
  it('goes from 0 to 10 in steps of 1 by default', () => {
    render(<RangeInput label="Rating" />);
    const slider = screen.getByRole('slider', { name: 'Rating' });
    expect(slider.getAttribute('min')).toBe('0');
    expect(slider.getAttribute('max')).toBe('10');
    expect(slider.getAttribute('step')).toBe('1');
    expect(slider).toHaveProperty('value', '0');
  });

  it('hands out the chosen value as a number and shows it', () => {
    const setValue = vi.fn();
    render(<RangeInput label="Rating" setValue={setValue} />);
    fireEvent.input(screen.getByRole('slider', { name: 'Rating' }), { target: { value: '7' } });
    expect(setValue).toHaveBeenCalledWith(7);
    expect(document.querySelector('.fd-range__value')?.textContent).toBe('7');
  });
});
