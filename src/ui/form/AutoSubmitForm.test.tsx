import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { AutoSubmitForm, AUTO_SUBMIT_DELAY_MS } from './AutoSubmitForm';

afterEach(() => vi.useRealTimers());

describe('the auto-submit form', () => {
  it('submits once input has rested for 500 ms, not on every key', () => {
    vi.useFakeTimers();
    const onAutoSubmit = vi.fn();
    render(
      <AutoSubmitForm onAutoSubmit={onAutoSubmit}>
        <input aria-label="Search" name="q" />
      </AutoSubmitForm>,
    );
    const input = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.input(input, { target: { value: 'a' } });
    vi.advanceTimersByTime(AUTO_SUBMIT_DELAY_MS - 100);
    fireEvent.input(input, { target: { value: 'ab' } });
    vi.advanceTimersByTime(AUTO_SUBMIT_DELAY_MS - 1);
    expect(onAutoSubmit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onAutoSubmit).toHaveBeenCalledOnce();
    expect(new FormData(onAutoSubmit.mock.calls[0]![0]).get('q')).toBe('ab');
  });
});
