import { render } from 'preact';
import { useLayoutEffect, useState, type ReactNode } from 'react';

type Replace = (element: ReactNode) => Promise<void>;

const outlets = new WeakMap<HTMLElement, Replace>();

/**
 * What a root shows: rendered once, its content replaced by each later screen. A second `render`
 * into the root would start Preact's `useId` over, so an element of the new screen could take the
 * id of one that stays (a dropdown's popover of a screen that stays, the frame's), and a label would
 * name another field.
 */
function Outlet({ root, first }: { root: HTMLElement; first: ReactNode }) {
  const [shown, setShown] = useState<{ element: ReactNode; done?: () => void }>({ element: first });
  outlets.set(root, (element) => new Promise((done) => setShown({ element, done })));
  useLayoutEffect(() => () => void outlets.delete(root), [root]);
  useLayoutEffect(() => shown.done?.(), [shown]);
  return shown.element;
}

/** Shows `element` in `root`, over what the root shows (a prerendered page's markup, the screen before); answers once it is there. */
export function showInRoot(root: HTMLElement, element: ReactNode): Promise<void> | void {
  const replace = outlets.get(root);
  return replace ? replace(element) : render(<Outlet root={root} first={element} />, root);
}
