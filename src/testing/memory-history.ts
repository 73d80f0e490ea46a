import type { PageHistory } from '../router/history';

export interface MemoryHistory extends PageHistory {
  back(): void;
  forward(): void;
  /** Every entry, oldest first. */
  readonly entries: readonly string[];
  /** The addresses loaded as whole pages, in order. */
  readonly loads: readonly string[];
}

/** A history in memory for the router's tests: Back and Forward call its listeners, as popstate does. */
export function memoryHistory(initial: string): MemoryHistory {
  const entries = [initial];
  const loads: string[] = [];
  const listeners = new Set<() => void>();
  let index = 0;
  const current = () => new URL(entries[index]!, 'https://front.door');
  const travel = (step: number) => {
    const next = index + step;
    if (next < 0 || next >= entries.length) return;
    index = next;
    for (const listener of listeners) listener();
  };
  return {
    get pathname() {
      return current().pathname;
    },
    get search() {
      return current().search;
    },
    push(href) {
      entries.splice(index + 1, entries.length, href);
      index += 1;
    },
    replace(href) {
      entries[index] = href;
    },
    listen(onPop) {
      listeners.add(onPop);
      return () => listeners.delete(onPop);
    },
    load(href) {
      loads.push(href);
    },
    back: () => travel(-1),
    forward: () => travel(1),
    entries,
    loads,
  };
}
