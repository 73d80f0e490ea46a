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

/**
 * What a person typed in a prerendered page before its script took over: a screen whose first
 * render sets a field from its own state (the code boxes) would empty it, so the fields are read
 * before that render and what they held is typed again after it, for the field's own handler to
 * take. The render keeps the prerendered elements (docs/decisions/0006-first-view-without-compat.md,
 * "The first view"); boxes to tick need nothing, since no screen sets them from its state.
 * Answers the typing again.
 */
export function keepTyped(root: HTMLElement): () => void {
  const typed: [HTMLInputElement, string][] = [];
  for (const field of root.querySelectorAll('input')) if (field.value !== field.defaultValue) typed.push([field, field.value]);
  return () => {
    // A field the render left as it was takes its own text again, which changes nothing.
    for (const [field, value] of typed) {
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
}

/**
 * Shows `element` in `root`, over what the root shows (the screen before, or a prerendered page's
 * markup, which it takes over keeping what was typed into it, or replaces); answers once it is there.
 */
export function showInRoot(root: HTMLElement, element: ReactNode, markup: 'take-over' | 'replace' = 'take-over'): Promise<void> | void {
  const replace = outlets.get(root);
  if (replace) return replace(element);
  // Emptied in the task of the render: no frame shows the root empty.
  const typeAgain = markup === 'take-over' ? keepTyped(root) : root.replaceChildren();
  render(<Outlet root={root} first={element} />, root);
  typeAgain?.();
}
