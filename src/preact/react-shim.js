/**
 * What `react` resolves to in the shipped bundle and in the tests (docs/decisions/0001-preact-alias.md).
 *
 * preact/compat plus two changes that let Ariakit run on Preact:
 * 1. `useInsertionEffect` is undefined, so Ariakit takes its React 17 path instead of reading a
 *    callback ref before Preact has run the layout effect that sets it.
 * 2. Every dispatched event gets an own, writable `currentTarget`, because Ariakit assigns it
 *    (fine on React's synthetic events, a TypeError on the native events Preact passes).
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
/** @param {Event} event */
options.event = (event) => {
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
