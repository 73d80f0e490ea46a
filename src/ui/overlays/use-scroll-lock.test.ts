import { afterEach, describe, expect, it, vi } from 'vitest';
import { lockScroll } from './use-scroll-lock';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.removeAttribute('style');
});

function scrollbarOf(width: number) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1000);
  vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1000 - width);
}

describe('page scroll lock', () => {
  it('stops the page scrolling and pads the body by the scrollbar width, then restores both', () => {
    scrollbarOf(15);
    document.body.style.paddingRight = '4px';
    const release = lockScroll();
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.body.style.paddingRight).toBe('19px');
    release();
    expect(document.body.style.overflow).toBe('');
    expect(document.body.style.paddingRight).toBe('4px');
  });

  it('adds no padding when the page has no scrollbar', () => {
    scrollbarOf(0);
    const release = lockScroll();
    expect(document.body.style.paddingRight).toBe('');
    release();
  });

  it('restores only when the last of nested locks is released', () => {
    scrollbarOf(10);
    const outer = lockScroll();
    const inner = lockScroll();
    inner();
    inner();
    expect(document.body.style.overflow).toBe('hidden');
    outer();
    expect(document.body.style.overflow).toBe('');
  });
});
