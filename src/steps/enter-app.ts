/**
 * The last step of every sign-in (flows 4.9): the shared layer's cookie of the context, then off to
 * the app the query names or the context implies, with the route and the context; or, for a
 * sign-in an app started through the OpenID Provider, back to that app (flows 4.18).
 */
import { config } from '../config/runtime-config';
import { redirectTarget } from './redirect';
import { enterContext } from '../stores/session';
import type { Flow } from '../flow/flow';

/** `replace`: the step that leaves takes no place in the history (the SSO success page's token). */
export function enterApp(flow: Flow, context: string, replace?: boolean): Promise<void> | void {
  enterContext(context);
  // A sign-in an app started through the OpenID Provider ends there (flows 4.18).
  const interaction = flow.search.oidc;
  if (interaction) return import('./lazy/finish-app-sign-in').then((finish) => void finish.finishAppSignIn(flow, interaction, context, replace));
  flow.leave(
    redirectTarget(
      { app: flow.search.app, route: flow.search.route, context },
      { platformHost: config.platformHost, currentHost: location.hostname, protocol: location.protocol },
    ),
    replace,
  );
}
