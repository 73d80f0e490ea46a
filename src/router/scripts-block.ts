/**
 * The page's scripts block (`#frontdoor-scripts`, written by scripts/prerender.ts): its module
 * script and its screen's files, which the inline start-up script adds
 * (scripts/prerender/start-scripts.ts), its whole stylesheet, and what the first view needs of
 * its screen's row before the route table has arrived (docs/decisions/0014-a-page-carries-its-screen.md).
 */
import type { RouteRow } from './route-table';
import type { ScreenName } from './screens';

/** The page's own screen: its name, title and guard; the route pattern it answers, none on the not-found page. */
export interface PageScreen extends Pick<RouteRow, 'titleKey' | 'guard' | 'sessionless'> {
  screen: ScreenName;
  path?: string;
}

export interface ScriptsBlock {
  main: string;
  preload: readonly string[];
  /**
   * What a press on the first view's form needs beyond them (the router, the whole dictionary, the
   * next step's screen, the whole stylesheet), fetched once the person engages with the form.
   */
  pressed?: readonly string[];
  /** The API call a press makes first, with the form's fields in braces: the page sends it with a press before the takeover (src/api/early-answer.ts). */
  call?: string;
  /** The whole stylesheet (src/router/whole-stylesheet.ts). */
  styles: string;
  /** None on a page only the router shows (the gallery's shell). */
  screen?: PageScreen;
}

/** The block as the page carries it; a page without one has none of it. */
export function scriptsBlock(): Partial<ScriptsBlock> {
  return JSON.parse(document.getElementById('frontdoor-scripts')?.textContent || '{}') as Partial<ScriptsBlock>;
}
