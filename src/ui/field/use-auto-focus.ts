import { useCallback, useRef, type Ref, type RefCallback } from 'react';
import { useArrival } from '../hooks/effect-handlers';

/**
 * `autoFocus` that works when a control appears after the page has loaded (a step of a flow):
 * the HTML attribute only acts on page load, so the control is focused when it mounts. Answers a
 * ref that also fills the caller's `ref`.
 */
export function useAutoFocus<T extends HTMLElement>(autoFocus: boolean | undefined, ref: Ref<T> | undefined): RefCallback<T> {
  const element = useRef<T | null>(null);
  // autoFocus is about arriving, not about later renders.
  useArrival(() => {
    if (autoFocus) element.current?.focus();
  });
  return useCallback(
    (node: T | null) => {
      element.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) (ref as { current: T | null }).current = node;
    },
    [ref],
  );
}
