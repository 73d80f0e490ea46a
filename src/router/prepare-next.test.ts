import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareWhenEngaged } from './prepare-next';
import { PATHS } from '../flow/paths';

const PASSWORD_STEP = { to: PATHS.loginWithPassword };

function page() {
  document.body.innerHTML = '<form><input name="username"><button>Continue</button></form>';
  const prepare = vi.fn();
  return { input: document.querySelector('input')!, prepare };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the next step prepared while the person is on this one', () => {
  it('is prepared at once when a field already has the focus', () => {
    const { input, prepare } = page();
    input.focus();
    prepareWhenEngaged(prepare, PASSWORD_STEP);
    expect(prepare).toHaveBeenCalledExactlyOnceWith(PASSWORD_STEP);
  });

  it('waits for the first focus, and prepares once however much is typed after', () => {
    const { input, prepare } = page();
    prepareWhenEngaged(prepare, PASSWORD_STEP);
    expect(prepare).not.toHaveBeenCalled();
    input.focus();
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(prepare).toHaveBeenCalledExactlyOnceWith(PASSWORD_STEP);
  });

  it('is prepared by typing that comes without a focus event (a filled-in field)', () => {
    const { input, prepare } = page();
    prepareWhenEngaged(prepare, PASSWORD_STEP);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(prepare).toHaveBeenCalledOnce();
  });

  it('is not prepared once the screen stopped waiting for it', () => {
    const { input, prepare } = page();
    prepareWhenEngaged(prepare, PASSWORD_STEP)();
    input.focus();
    expect(prepare).not.toHaveBeenCalled();
  });
});
