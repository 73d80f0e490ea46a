/**
 * The one way a screen appears, for a page's first view and for every move (src/router/start.tsx,
 * src/router/page-router.tsx): the row's guard over the restored session, then the screen's chunk
 * (with the language's whole dictionary and the whole stylesheet, unless the page carries what its
 * own screen needs), then the screen in its host, in a task of its own (over a prerendered page,
 * keeping what was typed into it: src/router/root-outlet.tsx).
 */
import type { ComponentType } from 'react';
import type { Flow } from '../flow/flow';
import type { To } from '../flow/paths';
import { ensureDictionary } from '../i18n/locale';
import type { RouteRow } from './route-table';
import { ScreenHost, type ScreenHostProps } from './ScreenHost';
import { sessionAtHand } from './session-at-hand';
import { wholeStylesheet } from './whole-stylesheet';
import { nextTask } from './next-task';
import { showInRoot } from './root-outlet';

/** Loads a screen's chunk: the page's entry names its own (src/router/start.tsx), the router any (src/router/screens.ts). */
export type ScreenLoad = () => Promise<ComponentType>;

export interface ScreenToShow {
  row: Pick<RouteRow, 'screen' | 'titleKey' | 'guard' | 'sessionless'>;
  load: ScreenLoad;
  flow: Flow;
  /** The page's query as the guard reads it. */
  rawSearch: Readonly<Record<string, string>>;
  /** The page's own screen over its prerendered markup: the texts and rules it shows are on the page. */
  firstView: boolean;
  /** Set for a screen a move brought (src/router/ScreenHost.tsx). */
  arrival?: ScreenHostProps['arrival'];
  /** False once another move has begun: the screen it would show is not shown. */
  current?: () => boolean;
}

export type Shown = { kind: 'shown' } | { kind: 'detour'; to: To } | { kind: 'unavailable' } | { kind: 'superseded' };

export async function showScreen(root: HTMLElement, { row, load, flow, rawSearch, firstView, arrival, current = () => true }: ScreenToShow): Promise<Shown> {
  let Screen;
  try {
    // Only a screen that reads no session goes without it.
    const session = row.sessionless ? undefined : sessionAtHand();
    const detour = row.guard && (await session)?.GUARDS[row.guard](rawSearch);
    if (detour) return { kind: 'detour', to: detour };
    [Screen] = await Promise.all([load(), session, !firstView && ensureDictionary(), !firstView && wholeStylesheet()]);
  } catch {
    // Its files, or the session's, could not arrive.
    return { kind: 'unavailable' };
  }
  // A key pressed meanwhile is handled before the render.
  await nextTask();
  if (!current()) return { kind: 'superseded' };
  await showInRoot(
    root,
    <ScreenHost flow={flow} titleKey={row.titleKey} guarded={Boolean(row.guard)} arrival={arrival}>
      <Screen />
    </ScreenHost>,
    // A screen that arrives takes the place of a first view its page never rendered (src/router/start.tsx).
    arrival ? 'replace' : 'take-over',
  );
  return { kind: 'shown' };
}

/**
 * The error screen in place of a screen whose files could not arrive, even by a page load. It comes
 * with its own chunk; should that fail too, the screen shown before stays.
 */
export async function showUnavailable(root: HTMLElement, { row, flow, arrival }: Pick<ScreenToShow, 'row' | 'flow' | 'arrival'>): Promise<void> {
  let ErrorScreen;
  try {
    ({ ErrorScreen } = await import('./screen-failure'));
  } catch {
    return;
  }
  await showInRoot(
    root,
    <ScreenHost flow={flow} titleKey={row.titleKey} arrival={arrival}>
      <ErrorScreen />
    </ScreenHost>,
    arrival ? 'replace' : 'take-over',
  );
}
