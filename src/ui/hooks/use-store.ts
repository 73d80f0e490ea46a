import { useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * A nanostores store's value in a component, which renders again when the value changes: what
 * @nanostores/react's `useStore` does without its `keys` option, whose code (nanostores'
 * `listenKeys` and deep-map paths) a page of the front door would carry in its first view
 * (docs/decisions/0017-a-page-is-an-entry.md). A store's `get` and `listen` do not use `this`,
 * and a computed store read with no listener stays computed for a second, so its value is the same
 * object from the render to the subscription.
 *
 * @example
 * const locale = useStore($locale);
 */
export function useStore<Value>(store: ReadableAtom<Value>): Value {
  return useSyncExternalStore(store.listen, store.get);
}
