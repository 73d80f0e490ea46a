import { useEffect, type RefObject } from 'react';

/**
 * After a move to another step, focus goes to the step's heading, so a screen reader announces
 * where the user now is and the keyboard starts from the top of the step; unless the step has
 * focused one of its fields itself. The page's first screen keeps the browser's own focus: only a
 * screen a move brought asks for this (src/router/ScreenHost.tsx).
 */
export function useArrivalFocus(screen: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let frame = 0;
    let tries = 0;
    const focusHeading = () => {
      const root = screen.current;
      if (root?.contains(document.activeElement)) return;
      const heading = root?.querySelector<HTMLElement>('h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: false });
      } else if ((tries += 1) < 120) frame = requestAnimationFrame(focusHeading);
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [screen]);
}
