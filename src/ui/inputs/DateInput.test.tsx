import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DateInput, readDate } from './DateInput';

afterEach(() => vi.useRealTimers());

describe('DateInput', () => {
  it('accepts nothing after 9999-12-31 unless told otherwise', () => {
    render(<DateInput label="Start" />);
    expect(screen.getByLabelText('Start').getAttribute('max')).toBe('9999-12-31');
  });

  it('reads a year below 999 or a zero month or day as empty', () => {
    expect(readDate('0998-05-01')).toBeNull();
    expect(readDate('2024-00-10')).toBeNull();
    expect(readDate('2024-05-00')).toBeNull();
    expect(readDate('')).toBeNull();
    expect(readDate('2024-05-01')).toBe('2024-05-01');
    expect(readDate('2024-05-01T10:30')).toBe('2024-05-01T10:30');
  });

  it('hands out a typed date, and null for a nonsense year', () => {
    const setValue = vi.fn();
    render(<DateInput label="Start" setValue={setValue} />);
    const input = screen.getByLabelText('Start');
    fireEvent.input(input, { target: { value: '2025-03-04' } });
    expect(setValue).toHaveBeenLastCalledWith('2025-03-04');
    fireEvent.input(input, { target: { value: '0020-03-04' } });
    expect(setValue).toHaveBeenLastCalledWith(null);
  });

  it('opens the picker 100 ms after a click', () => {
    vi.useFakeTimers();
    render(<DateInput label="Start" />);
    const input = screen.getByLabelText('Start') as HTMLInputElement & { showPicker: () => void };
    input.showPicker = vi.fn();
    fireEvent.click(input);
    vi.advanceTimersByTime(99);
    expect(input.showPicker).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(input.showPicker).toHaveBeenCalledOnce();
  });
});
