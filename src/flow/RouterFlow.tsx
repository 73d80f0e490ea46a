import { useMemo, useRef, type ComponentType, type ReactNode } from 'react';
import { useMatch, useRouter } from '@tanstack/react-router';
import { FlowContext, type Flow } from './flow';
import { flowSearch, queryString, withCarried } from './carried';
import { pathTo, type To } from './paths';
import { matchRoute } from './route-table';
import { SCREENS } from './screens';
import { useArrivalFocus } from './arrival-focus';
import { useLoginOnRefusal } from './refusal';

/**
 * The flow of a screen rendered by the router, from the screen's own route match: while the router
 * moves to the next step, the leaving screen still sees its own path and query, not the next one's.
 */
export function RouterFlow({ guarded = false, children }: { guarded?: boolean; children: ReactNode }) {
  const router = useRouter();
  const match = useMatch({ strict: false });
  const flow = useMemo<Flow>(() => {
    const search = flowSearch(match.search as Record<string, unknown>);
    const href = (to: To) => pathTo(to) + queryString(withCarried(search, to.search));
    return {
      path: match.pathname,
      params: match.params as Record<string, string>,
      search,
      href,
      go: (to) => (to.replace ? router.history.replace(href(to)) : router.history.push(href(to))),
      prepare: (to) => {
        const match = matchRoute(pathTo(to));
        if (match) SCREENS[match.row.screen]().catch(() => undefined);
      },
      leave: (url) => window.location.assign(url),
    };
  }, [router, match.pathname, match.params, match.search]);
  useLoginOnRefusal(flow, guarded);
  return <FlowContext.Provider value={flow}>{children}</FlowContext.Provider>;
}

/**
 * A screen rendered inside its own RouterFlow, focused on arrival, keeping a lazy component's
 * `preload`; `guarded` for a screen that needs a session (a guard in the route table).
 */
export function withRouterFlow<Props extends object>(Component: ComponentType<Props> & { preload?: () => Promise<void> | undefined }, guarded = false) {
  const Screen = (props: Props) => {
    const screen = useRef<HTMLDivElement>(null);
    useArrivalFocus(screen);
    return (
      <RouterFlow guarded={guarded}>
        <div ref={screen} className="fd-screen">
          <Component {...props} />
        </div>
      </RouterFlow>
    );
  };
  return Object.assign(Screen, { preload: Component.preload });
}
