/**
 * A page's first view (docs/decisions/0006-first-view-without-compat.md): the prerendered screen
 * of the address comes to life without the router. The stored flow is restored, the route's guard
 * runs, the screen's chunk renders over the prerendered DOM (what was typed stays, caret and all),
 * and the router follows once the page has painted. A screen that moves on, or a guard that sends
 * the visitor elsewhere, starts the router at once.
 */
import { render } from 'preact';
import { restoreSession, startIn } from './stores';
import { isLanguage } from '../rules/languages';
import { ALIASES, ROUTER_ONLY_PATHS, matchRoute } from './flow/route-table';
import { matchPath } from '../rules/route-pattern';
import { config } from './config';
import { GUARDS } from './flow/guards';
import { staticFlow } from './flow/static-flow';
import { FirstView } from './flow/FirstView';
import { NotFound } from './screens/NotFound';
import { noteFirstArrival } from './flow/arrival-focus';
import { pathTo, type To } from './flow/paths';
import { queryString, withCarried } from './flow/carried';
import type { Dictionary } from './i18n/i18n';
// What every screen is built of ships with the first view, once, rather than in small bundles
// beside each screen: the API client and the sign-in calls, the failure toasts and the toolkit's
// fields and buttons.
export { api } from './api/client';
export { login } from './api/sign-in';
export { showFailure } from './flow/failure';
export { Button, Field, FieldShell } from '@frontdoor/ui';

const root = document.getElementById('root')!;
const rawSearch = Object.fromEntries(new URLSearchParams(location.search));

const loadRouter = () => import('./app');

/** Moves on with the router: the address first, then the router renders the screen it shows. */
async function moveOn(href: string, replace: boolean): Promise<void> {
  history[replace ? 'replaceState' : 'pushState'](null, '', href);
  await (await loadRouter()).startRouter(root);
}

function go(to: To, href?: string): void {
  void moveOn(href ?? pathTo(to) + queryString(withCarried(rawSearch, to.search)), Boolean(to.replace));
}

/** The texts the page carries for its first view (written by the prerender step). */
function startLanguage(): void {
  const element = document.getElementById('frontdoor-texts');
  const language = document.documentElement.lang;
  const { texts, english } = element?.textContent ? (JSON.parse(element.textContent) as { texts: Dictionary; english?: Dictionary }) : { texts: {}, english: {} };
  if (isLanguage(language)) startIn(language, texts, english);
}

/** The router follows when the browser has nothing better to do, so it never delays the first screen. */
function followWithRouter(): void {
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  const preload = () => idle(() => void loadRouter());
  if (document.readyState === 'complete') preload();
  else addEventListener('load', preload, { once: true });
}

/**
 * Ends the current task, so a key press that arrived meanwhile is handled before the next piece
 * of start-up work (the first key press after load waits at most 50 ms).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function boot(): Promise<void> {
  await nextTask();
  restoreSession();
  startLanguage();
  const path = location.pathname;
  const alias = ALIASES.map((candidate) => ({ candidate, params: matchPath(candidate.path, path) })).find((found) => found.params);
  if (alias) return go({ to: alias.candidate.to, params: alias.params!, replace: true });

  if (config.gallery && ROUTER_ONLY_PATHS.some((pattern) => matchPath(pattern, path))) return void (await loadRouter()).startRouter(root);

  const match = matchRoute(path);
  const guard = match?.row.guard && GUARDS[match.row.guard](rawSearch);
  if (guard) return go(guard);

  const Screen = match ? (await match.row.load())[match.row.screen]! : NotFound;
  await nextTask();
  const flow = staticFlow(path, match?.params ?? {}, rawSearch, go);
  render(
    <FirstView flow={flow} titleKey={match?.row.titleKey ?? 'title.not-found'} guarded={Boolean(match?.row.guard)}>
      <Screen />
    </FirstView>,
    root,
  );
  noteFirstArrival();
  followWithRouter();
}

void boot();
