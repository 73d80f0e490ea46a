/**
 * Where a screen is and how it moves on, without naming the router: the router provides it
 * (src/router/page-router.tsx), and so does a page's first view and the prerender, the same
 * interface. Screens never write URLs: they go `{ to: PATHS.x, search }`.
 */
import { createContext, useContext } from 'react';
import type { To } from './paths';

export interface Flow {
  /** The current path. */
  path: string;
  /** Path parameters, e.g. `{ context: 'acme' }` on /company/acme/terms. */
  params: Readonly<Record<string, string>>;
  /** The page's query, as strings: carried on links. A screen reads its own with `useSearch` (src/flow/search.ts). */
  search: Readonly<Record<string, string>>;
  /**
   * Moves to another step of the front door, carrying the carried parameters (flows 2). A move that
   * loads what the step needs first answers once the step is shown, so a form that moved on stays
   * busy until then.
   */
  go(to: To): Promise<void> | void;
  /** The URL of another step, with the carried parameters: for links. */
  href(to: To): string;
  /** Starts fetching what a move to another step needs, on a sign the person may take it (a pointer over its link, its focus). */
  prepare(to: To): void;
  /** Leaves the front door for another site (the app, an identity provider); `replace`: in place of this step in the history. */
  leave(url: string, replace?: boolean): void;
}

export const FlowContext = createContext<Flow | null>(null);

export function useFlow(): Flow {
  const flow = useContext(FlowContext);
  if (!flow) throw new Error('useFlow needs a FlowContext provider: render screens in a ScreenHost (src/router/ScreenHost.tsx).');
  return flow;
}
