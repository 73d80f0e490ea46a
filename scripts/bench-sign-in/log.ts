/** A list that grows as events arrive, and a wait for the first entry from a given index on that matches. */
export interface Log<T> {
  readonly entries: readonly T[];
  push(entry: T): void;
  first(from: number, matches: (entry: T) => boolean): Promise<T>;
}

export function log<T>(): Log<T> {
  const entries: T[] = [];
  const waiting = new Set<() => void>();
  return {
    entries,
    push(entry) {
      entries.push(entry);
      for (const wake of [...waiting]) wake();
    },
    first(from, matches) {
      return new Promise((resolve) => {
        const look = () => {
          const found = entries.slice(from).find(matches);
          if (found === undefined) return;
          waiting.delete(look);
          resolve(found);
        };
        waiting.add(look);
        look();
      });
    },
  };
}
