/**
 * Effects whose work is not a dependency. The hooks lint (eslint.config.js) checks that every effect
 * names what it reads; these two say by their name when an effect's work follows the latest render
 * but must not make the effect run again.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * A function of stable identity that always runs the `handler` of the latest render: an effect can
 * depend on it without running again when the handler's values change.
 *
 * @example
 * const load = useHandler(() => fetchList(flow, filter));
 * useEffect(() => void load(), [session, load]);
 */
export function useHandler<Args extends unknown[], Result>(handler: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}

/**
 * Runs `action` once, when the component arrives, with the values of the render it arrives with;
 * the cleanup it answers runs when the component leaves.
 *
 * @example
 * useArrival(() => {
 *   if (!email) flow.go({ to: PATHS.login, replace: true });
 * });
 */
export function useArrival(action: () => void | (() => void)): void {
  const first = useRef(action);
  useEffect(() => first.current(), []);
}
