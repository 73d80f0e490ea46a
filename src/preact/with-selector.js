/**
 * ESM `useSyncExternalStoreWithSelector` on preact/compat, in place of the CommonJS
 * use-sync-external-store/shim/with-selector, whose `require('react')` no alias reaches in the tests
 * (docs/decisions/0001-preact-alias.md). Same contract as React's: the selection is kept while the
 * snapshot is unchanged or `isEqual` says the new selection equals the last one.
 */
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { useSyncExternalStore } from 'preact/compat';

/**
 * @template Snapshot, Selection
 * @param {(onChange: () => void) => () => void} subscribe
 * @param {() => Snapshot} getSnapshot
 * @param {undefined | null | (() => Snapshot)} getServerSnapshot
 * @param {(snapshot: Snapshot) => Selection} selector
 * @param {(a: Selection, b: Selection) => boolean} [isEqual]
 * @returns {Selection}
 */
export function useSyncExternalStoreWithSelector(subscribe, getSnapshot, getServerSnapshot, selector, isEqual) {
  /** @type {{ current: { hasValue: boolean, value: Selection | undefined } }} */
  const instance = useRef({ hasValue: false, value: undefined });

  const getSelection = useMemo(() => {
    let hasMemo = false;
    /** @type {Snapshot} */
    let lastSnapshot;
    /** @type {Selection} */
    let lastSelection;
    return () => {
      const snapshot = getSnapshot();
      if (hasMemo && Object.is(lastSnapshot, snapshot)) return lastSelection;
      const selection = selector(snapshot);
      const previous = hasMemo ? lastSelection : instance.current.value;
      const keepPrevious = isEqual !== undefined && (hasMemo || instance.current.hasValue) && isEqual(/** @type {Selection} */ (previous), selection);
      hasMemo = true;
      lastSnapshot = snapshot;
      lastSelection = keepPrevious ? /** @type {Selection} */ (previous) : selection;
      return lastSelection;
    };
  }, [getSnapshot, selector, isEqual]);

  const value = useSyncExternalStore(subscribe, getSelection);
  useEffect(() => {
    instance.current.hasValue = true;
    instance.current.value = value;
  }, [value]);
  return value;
}
