/**
 * What `react` resolves to in the shipped bundle and in the tests (docs/decisions/0001-preact-alias.md).
 *
 * preact/compat plus two changes that let Ariakit run on Preact:
 * 1. `useInsertionEffect` is undefined, so Ariakit takes its React 17 path instead of reading a
 *    callback ref before Preact has run the layout effect that sets it.
 * 2. Every dispatched event gets an own, writable `currentTarget`, because Ariakit assigns it
 *    (fine on React's synthetic events, a TypeError on the native events Preact passes).
 * 3. A keyboard event's keys and modifiers become own, enumerable properties, because Ariakit copies
 *    events with `{ ...event }` to re-dispatch them (a combobox hands Enter and the arrows to its
 *    active option): React's synthetic events carry them as own properties, native events inherit them.
 */
import compat from 'preact/compat';
import { options } from 'preact';

// Named re-exports, not `export *`: Parcel loses hooks through compat's own `export * from 'preact/hooks'`.
export {
  useState,
  useId,
  useReducer,
  useEffect,
  useLayoutEffect,
  useRef,
  useImperativeHandle,
  useMemo,
  useCallback,
  useContext,
  useDebugValue,
} from 'preact/hooks';
export {
  version,
  Children,
  render,
  hydrate,
  unmountComponentAtNode,
  createPortal,
  createElement,
  createContext,
  createFactory,
  cloneElement,
  createRef,
  Fragment,
  isValidElement,
  isElement,
  isFragment,
  isMemo,
  findDOMNode,
  Component,
  PureComponent,
  memo,
  forwardRef,
  flushSync,
  unstable_batchedUpdates,
  startTransition,
  useDeferredValue,
  useSyncExternalStore,
  useTransition,
  useEffectEvent,
  use,
  StrictMode,
  Suspense,
  lazy,
  __SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED,
} from 'preact/compat';
export const useInsertionEffect = undefined;

const previousEventHook = options.event;
const nativeCurrentTarget = typeof Event === 'undefined' ? undefined : Object.getOwnPropertyDescriptor(Event.prototype, 'currentTarget')?.get;
/** What Ariakit's copies of a keyboard event need (see 3 above). */
const KEYBOARD_FIELDS = [
  'key',
  'code',
  'keyCode',
  'which',
  'charCode',
  'location',
  'repeat',
  'isComposing',
  'altKey',
  'ctrlKey',
  'metaKey',
  'shiftKey',
  'bubbles',
  'cancelable',
  'composed',
];
/** @param {Event} event */
options.event = (event) => {
  if (globalThis.KeyboardEvent && event instanceof globalThis.KeyboardEvent && !Object.prototype.hasOwnProperty.call(event, 'key')) {
    for (const field of KEYBOARD_FIELDS) {
      const value = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (event))[field];
      Object.defineProperty(event, field, { configurable: true, enumerable: true, value });
    }
  }
  if (nativeCurrentTarget && !Object.prototype.hasOwnProperty.call(event, 'currentTarget')) {
    // Own accessor: the browser's value until someone assigns one, so other listeners are unaffected.
    /** @type {EventTarget | null | undefined} */
    let assigned;
    Object.defineProperty(event, 'currentTarget', {
      configurable: true,
      get: () => (assigned === undefined ? nativeCurrentTarget.call(event) : assigned),
      set: (value) => {
        assigned = value;
      },
    });
  }
  return previousEventHook ? previousEventHook(event) : event;
};

export default { ...compat, useInsertionEffect };
