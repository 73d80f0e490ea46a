import { useLayoutEffect } from 'react';

let locks = 0;
let saved: { overflow: string; paddingRight: string } | undefined;

/**
 * Locks the page's scrolling and pads the body by the scrollbar's width, so the page does not
 * shift sideways; the last lock released restores both (flows 2, 4). Nested overlays share one lock.
 */
export function lockScroll(): () => void {
  const body = document.body;
  if (locks++ === 0) {
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // No layout (clientWidth 0, as in a test DOM) means no scrollbar to make up for.
    const width = document.documentElement.clientWidth;
    const scrollbar = width > 0 ? window.innerWidth - width : 0;
    const padding = parseFloat(getComputedStyle(body).paddingRight) || 0;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${padding + scrollbar}px`;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--locks === 0 && saved) {
      body.style.overflow = saved.overflow;
      body.style.paddingRight = saved.paddingRight;
      saved = undefined;
    }
  };
}

/** Holds the scroll lock while `active` is true; taken in the same commit, before the page paints. */
export function useScrollLock(active: boolean): void {
  useLayoutEffect(() => (active ? lockScroll() : undefined), [active]);
}
