import { useMemo } from 'react';
import { useFlow } from './flow';
import { searchOf, type SearchOf } from './step-search';
import type { AppPath } from './paths';

/**
 * The query parameters of the step a screen shows, as its row of the route table reads them:
 * typed, and checked in that one place.
 *
 * @example
 * const { username } = useSearch(PATHS.loginWithPassword);
 */
export function useSearch<Path extends AppPath>(path: Path): SearchOf<Path> {
  const { search } = useFlow();
  return useMemo(() => searchOf(path, search), [path, search]);
}
