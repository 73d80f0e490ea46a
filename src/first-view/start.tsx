/**
 * A page's first view (docs/decisions/0006-first-view-without-compat.md): the prerendered screen
 * of the address comes to life without the router. The stored flow is restored, the route's guard
 * runs, the screen's chunk renders over the prerendered DOM (what was typed stays, caret and all),
 * and the router follows once the page has painted. A screen that moves on, or a guard that sends
 * the visitor elsewhere, starts the router at once.
 */
import { render } from 'preact';
import { restoreSession } from '../stores';
import { ALIASES, ROUTER_ONLY_PATHS, matchRoute } from '../flow/route-table';
import { matchPath } from '../../rules/route-pattern';
import { config } from '../config';
import { GUARDS } from '../flow/guards';
import { staticFlow } from '../flow/static-flow';
import { FirstView } from '../flow/FirstView';
import { NotFound } from '../screens/NotFound';
import { noteFirstArrival } from '../flow/arrival-focus';
import { pathTo, type To } from '../flow/paths';
import { queryString, withCarried } from '../flow/carried';
import { startPageLanguage } from './page-texts';
import { fetchRouterWhenIdle, moveOnWithRouter, startRouter } from './router-handover';

/**
 * Ends the current task, so a key press that arrived meanwhile is handled before the next piece
 * of start-up work (the first key press after load waits at most 50 ms).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** The first alias the path is, with its parameters. */
function aliasOf(path: string): To | undefined {
  for (const alias of ALIASES) {
    const params = matchPath(alias.path, path);
    if (params) return { to: alias.to, params, replace: true };
  }
  return undefined;
}

export async function startFirstView(root: HTMLElement): Promise<void> {
  const rawSearch = Object.fromEntries(new URLSearchParams(location.search));
  const go = (to: To, href?: string) => void moveOnWithRouter(root, href ?? pathTo(to) + queryString(withCarried(rawSearch, to.search)), Boolean(to.replace));

  await nextTask();
  restoreSession();
  startPageLanguage();
  const path = location.pathname;
  const alias = aliasOf(path);
  if (alias) return go(alias);

  if (config.gallery && ROUTER_ONLY_PATHS.some((pattern) => matchPath(pattern, path))) return startRouter(root);

  const match = matchRoute(path);
  const guard = match?.row.guard && GUARDS[match.row.guard](rawSearch);
  if (guard) return go(guard);

  const Screen = (match && (await match.row.load())[match.row.screen]) ?? NotFound;
  await nextTask();
  const flow = staticFlow(path, match?.params ?? {}, rawSearch, go);
  render(
    <FirstView flow={flow} titleKey={match?.row.titleKey ?? 'title.not-found'} guarded={Boolean(match?.row.guard)}>
      <Screen />
    </FirstView>,
    root,
  );
  noteFirstArrival();
  fetchRouterWhenIdle();
}
