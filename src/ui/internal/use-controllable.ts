import { useCallback, useRef, useState } from 'react';

/**
 * The `value / setValue / defaultValue` idiom: controlled when `value` is given, else the component
 * keeps its own state starting at `defaultValue`; `setValue` is called either way. `Next` narrows what
 * a change can hand out (a radio group starts with no choice but never goes back to none).
 */
export function useControllable<T, Next extends T = T>(value: T | undefined, setValue: ((value: Next) => void) | undefined, defaultValue: T) {
  const [own, setOwn] = useState<T>(defaultValue);
  const controlled = value !== undefined;
  const latest = useRef(setValue);
  latest.current = setValue;
  const update = useCallback(
    (next: Next) => {
      if (!controlled) setOwn(next);
      latest.current?.(next);
    },
    [controlled],
  );
  return [controlled ? value : own, update] as const;
}
