/**
 * What `react` resolves to for the front door's own code in the shipped bundle
 * (docs/decisions/0006-first-view-without-compat.md): Preact's core and hooks, without preact/compat.
 * The first view of every page is built on this alone; libraries that need compat (Ariakit, in
 * the toolkit's dropdowns and dialogs) get src/preact/react-shim.js, in the chunks that use them.
 *
 * A React API this module lacks fails the build, so a screen cannot pull compat in by accident.
 */
import { toChildArray } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';

export * from 'preact/hooks';
export { createElement, Fragment, createContext, cloneElement, isValidElement, createRef, Component } from 'preact';

/** React's Children helpers over Preact's toChildArray, for components that count or map their children. */
export const Children = {
  toArray: toChildArray,
  count: (children) => toChildArray(children).length,
  map: (children, map) => (children == null ? children : toChildArray(children).map(map)),
  forEach: (children, each) => void toChildArray(children).forEach(each),
  only(children) {
    const array = toChildArray(children);
    if (array.length !== 1) throw new Error('Children.only() expects only one child.');
    return array[0];
  },
};

/** The store subscription the toolkit's useStore uses (src/ui/hooks/use-store.ts), on core hooks (as preact/compat does it). */
export function useSyncExternalStore(subscribe, getSnapshot) {
  const value = getSnapshot();
  const [{ instance }, forceUpdate] = useState({ instance: { value, getSnapshot } });

  useLayoutEffect(() => {
    instance.value = value;
    instance.getSnapshot = getSnapshot;
    if (changed(instance)) forceUpdate({ instance });
  }, [subscribe, value, getSnapshot]);

  useEffect(() => {
    if (changed(instance)) forceUpdate({ instance });
    return subscribe(() => {
      if (changed(instance)) forceUpdate({ instance });
    });
  }, [subscribe]);

  return value;
}

function changed(instance) {
  try {
    return !Object.is(instance.value, instance.getSnapshot());
  } catch {
    return true;
  }
}
