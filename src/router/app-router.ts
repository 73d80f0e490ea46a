/**
 * The front door's router over its route table, the chunk a page loads once its first view has
 * taken over (src/router/start.tsx); the gallery's rows are served where the configuration says.
 */
import { config } from '../config/runtime-config';
import { ALIASES, ROUTE_TABLE } from './route-table';
import { createPageRouter, type PageRouter } from './page-router';
import { browserHistory } from './history';
import type { ScreenName } from './screens';

export function appRouter(root: HTMLElement, firstView: ScreenName | undefined): PageRouter {
  return createPageRouter({ root, history: browserHistory(), table: { rows: ROUTE_TABLE, aliases: ALIASES }, firstView, gallery: config.gallery });
}
