import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Image } from './Image';

afterEach(cleanup);

describe('the image', () => {
  it('that cannot load becomes an empty placeholder of its size, named by its text, with a warning (flows 8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Image src="/missing.png" alt="Company logo" width={72} height={72} />);
    fireEvent.error(document.querySelector('img')!);
    expect(document.querySelector('img')).toBeNull();
    const placeholder = screen.getByRole('img', { name: 'Company logo' });
    expect(placeholder.classList.contains('fd-image--error')).toBe(true);
    // As the page's style attribute says it, in pixels: a browser ignores a number without its unit.
    expect(placeholder.getAttribute('style')).toMatch(/width: ?72px;? ?height: ?72px/);
    expect(warn).toHaveBeenCalledWith('Could not load the image /missing.png.');
    warn.mockRestore();
  });

  it('tries again when its address changes', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { rerender } = render(<Image src="/missing.png" alt="Logo" />);
    fireEvent.error(document.querySelector('img')!);
    rerender(<Image src="/logo.png" alt="Logo" />);
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/logo.png');
    vi.restoreAllMocks();
  });

  it('that is decorative leaves a placeholder hidden from screen readers', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Image src="/missing.png" alt="" />);
    fireEvent.error(document.querySelector('img')!);
    expect(document.querySelector('.fd-image--error')?.getAttribute('aria-hidden')).toBe('true');
    vi.restoreAllMocks();
  });
});
