import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToaster, TOAST_DURATION_MS } from './toaster';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('toast events', () => {
  it('show a message until 10 seconds have passed', () => {
    vi.useFakeTimers();
    const { $toast, showToast } = createToaster();
    showToast('Email successfully sent.', 'success');
    expect($toast.get()).toMatchObject({ message: 'Email successfully sent.', tone: 'success' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect($toast.get()).toBeDefined();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeUndefined();
  });

  it('give a new message its full 10 seconds', () => {
    vi.useFakeTimers();
    const { $toast, showToast } = createToaster();
    showToast('first');
    vi.advanceTimersByTime(9_000);
    showToast('second');
    vi.advanceTimersByTime(9_000);
    expect($toast.get()?.message).toBe('second');
  });

  it('ignore an empty message with a console warning, and clear the toast', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { $toast, showToast } = createToaster();
    showToast('Something went wrong, please try again.', 'error');
    showToast('');
    expect(warn).toHaveBeenCalledWith('Could not display empty toast message');
    expect($toast.get()).toBeUndefined();
  });

  it('tell a repeated message apart so it is announced again', () => {
    const { $toast, showToast } = createToaster();
    showToast('Invalid code.', 'error');
    const first = $toast.get()?.id;
    showToast('Invalid code.', 'error');
    expect($toast.get()?.id).not.toBe(first);
  });
});
